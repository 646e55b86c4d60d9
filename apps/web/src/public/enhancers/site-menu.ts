// The header's site menu on a phone (app/layouts/site-nav.tsx, SiteMenu), on a server-rendered public page: the
// server writes a link to the footer's links; this turns it into the menu's button, with the same behaviour as the
// app's: a disclosure (not an ARIA menu: these are page links); Escape closes it and gives focus back to the button;
// a tap outside or tabbing out of it closes it; following a link loads the next page.

export function enhanceSiteMenu(document: Document): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-site-menu]')) enhanceOne(document, root);
}

function enhanceOne(document: Document, root: HTMLElement): void {
  const link = root.querySelector<HTMLAnchorElement>(':scope > a');
  const panel = root.querySelector<HTMLElement>(':scope > nav');
  if (!link || !panel) return;
  const window = document.defaultView;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = link.className;
  button.setAttribute('aria-label', link.getAttribute('aria-label') ?? '');
  button.setAttribute('aria-controls', panel.id);
  button.setAttribute('aria-expanded', 'false');
  button.append(...link.childNodes);
  link.replaceWith(button);

  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    for (const icon of button.querySelectorAll('[data-menu-icon]')) {
      icon.classList.toggle('hidden', icon.getAttribute('data-menu-icon') !== (open ? 'open' : 'closed'));
    }
  };
  const isOpen = () => !panel.hidden;

  button.addEventListener('click', () => setOpen(!isOpen()));
  window?.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    setOpen(false);
    button.focus();
  });
  window?.addEventListener('pointerdown', (event) => {
    if (isOpen() && !root.contains(event.target as Node)) setOpen(false);
  });
  root.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (next && !root.contains(next)) setOpen(false);
  });
  // Back to this page from the next one (the back/forward cache keeps the page as it was): closed, as after navigating.
  window?.addEventListener('pageshow', (event) => {
    if (event.persisted) setOpen(false);
  });
}
