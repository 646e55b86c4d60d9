// Browser storage keys (docs/product.md, Identity). One place, so no screen invents its own.
export const STORAGE_KEYS = {
  workspace: 'grove-data',
  theme: 'grove-theme',
  expandedPages: 'grove-expanded-pages',
  sidebarOpen: 'grove-sidebar-open',
  onboardingCompleted: 'grove-onboarding-completed',
  /** The sync space's id and key, this browser's device id and its progress (sync-config.ts, decision 068). */
  sync: 'grove-sync',
  /** What this browser opened lately and the palette's commands it ran (recent-items.ts, issue 32). */
  recent: 'grove-recent',
  /** Session storage; drives only the admin UI's redirects, the server authorises every call. */
  admin: 'grove-admin',
  /** Session storage; this tab's visitor id and online time, one for every page the visit loads (visitor-presence.ts). */
  visit: 'grove-visit',
  /** Unsaved text of an open dialog, one draft per kind of dialog (use-draft.ts, decision 064). */
  drafts: {
    task: 'grove-draft-task',
    project: 'grove-draft-project',
    link: 'grove-draft-link',
  },
} as const;
