-- The four static pages exist from the start with real starter text, so the admin can edit them at once.
insert into site_content (slug, title, content) values
('about', 'About Us', $html$<h2>About Grove</h2>
<p>Grove is a free, local-first productivity workspace for individuals and small teams. It brings a kanban board, projects, nested notes and documents, a calendar of due dates, a mind map and a dashboard together in one place.</p>
<p>Finishing work should feel good, so Grove grows a small garden as you complete tasks: every task plants a tree, finished tasks help it grow, and streaks and levels unlock flowers, a pond and a path.</p>
<h2>Local-first by design</h2>
<p>Your workspace lives in your own browser. There is no account to create and nothing to sync: your projects, tasks and pages stay on your device, and you can export them to a backup file at any time.</p>
<p>This site, its blog and these pages are the only parts of Grove that come from our server.</p>$html$),
('contact', 'Contact Us', $html$<h2>Get in touch</h2>
<p>We read every message. Whether you have found a bug, have an idea for a feature, or just want to tell us how you use Grove, we would like to hear from you.</p>
<ul>
<li>Questions and feedback: write to the team at the address published on this page by the site administrator.</li>
<li>Bug reports: please tell us what you did, what you expected and what happened instead, and which browser you use.</li>
</ul>
<p>Because your workspace is stored only in your browser, we cannot see or recover it for you. Please keep a recent backup (Settings, Export Data) before you report a data problem.</p>$html$),
('privacy', 'Privacy Policy', $html$<h2>Privacy Policy</h2>
<p>Grove is built so that your work stays yours.</p>
<h3>Your workspace</h3>
<p>Projects, tasks, pages, mind maps, your garden and your settings are stored in your browser's local storage on your own device. They are not sent to our servers. Clearing your browser data, or using Clear All Data in Settings, deletes them; export a backup first if you want to keep them.</p>
<h3>This website</h3>
<p>When you read the public pages or the blog, our server receives the usual technical request data (such as your IP address and browser type) in order to deliver the pages. While a public page is open, your browser holds a realtime connection with a random visitor id so that the live visitor count can be shown to the site administrator; it contains no personal data and is removed when you leave.</p>
<h3>Cookies</h3>
<p>The public site sets no cookies. The admin area uses one strictly necessary session cookie.</p>
<h3>Changes</h3>
<p>If this policy changes, the new version will be published on this page.</p>$html$),
('terms', 'Terms of Service', $html$<h2>Terms of Service</h2>
<p>By using Grove you agree to these terms.</p>
<h3>The service</h3>
<p>Grove is provided free of charge, as is, without warranty of any kind. We work to keep it reliable, but we cannot guarantee that it will always be available or free of errors.</p>
<h3>Your data</h3>
<p>Your workspace is stored in your browser and you are responsible for it. We recommend exporting regular backups from Settings. We are not liable for data lost through browser storage being cleared, a device failing, or any other cause.</p>
<h3>Acceptable use</h3>
<p>Do not use Grove or this website to break the law, to attack or overload our servers, or to interfere with other people's use of the service.</p>
<h3>Changes</h3>
<p>We may update these terms; the current version is always published on this page.</p>$html$);
