import { describe, expect, it } from 'vitest';
import { robotsTxt } from './robots-txt.ts';

describe('robotsTxt', () => {
  it('allows the site, keeps crawlers out of the admin area, the API and every workspace route, and names the sitemap', () => {
    expect(robotsTxt('https://grove.example')).toBe([
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /api/',
      'Disallow: /dashboard',
      'Disallow: /kanban-board',
      'Disallow: /garden',
      'Disallow: /free-project-management',
      'Disallow: /notes-and-docs',
      'Disallow: /calendar-view',
      'Disallow: /mind-map',
      'Disallow: /settings',
      '',
      'Sitemap: https://grove.example/sitemap.xml',
      '',
    ].join('\n'));
  });
});
