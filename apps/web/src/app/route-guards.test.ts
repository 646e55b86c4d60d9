import { describe, expect, it } from 'vitest';
import { classifyPath, guardRedirect } from './route-guards.ts';

const visitor = { onboarded: false, admin: false };
const member = { onboarded: true, admin: false };
const admin = { onboarded: false, admin: true };

const appRoutes = ['/dashboard', '/kanban-board', '/garden', '/free-project-management', '/notes-and-docs', '/notes-and-docs/page-1-abc', '/calendar-view', '/mind-map', '/settings'];
const publicRoutes = ['/privacy', '/terms', '/contact', '/about', '/blog', '/blog/42', '/admin/login'];

describe('guardRedirect', () => {
  it('sends app routes to / before onboarding is completed', () => {
    for (const path of appRoutes) expect(guardRedirect(path, '', visitor), path).toBe('/');
  });

  it('shows app routes once onboarding is completed', () => {
    for (const path of appRoutes) expect(guardRedirect(path, '', member), path).toBeNull();
  });

  it('shows the landing page before onboarding and redirects it to /dashboard after', () => {
    expect(guardRedirect('/', '', visitor)).toBeNull();
    expect(guardRedirect('/', '', member)).toBe('/dashboard');
  });

  it('keeps the pricing section reachable for onboarded users', () => {
    expect(guardRedirect('/', '#pricing', member)).toBeNull();
  });

  it('always shows public pages and the admin login', () => {
    for (const path of publicRoutes) {
      expect(guardRedirect(path, '', visitor), path).toBeNull();
      expect(guardRedirect(path, '', member), path).toBeNull();
    }
  });

  it('redirects unknown paths to /dashboard when onboarded, otherwise to /', () => {
    for (const path of ['/nope', '/dashboard/extra', '/blog/1/2', '/notes-and-docs/a/b', '/admin/unknown', '/settingsx']) {
      expect(guardRedirect(path, '', member), path).toBe('/dashboard');
      expect(guardRedirect(path, '', visitor), path).toBe('/');
    }
  });

  it('sends /admin to the admin dashboard with the flag and to the login without it', () => {
    expect(guardRedirect('/admin', '', admin)).toBe('/admin/dashboard');
    expect(guardRedirect('/admin', '', visitor)).toBe('/admin/login');
  });

  it('guards admin screens with the admin flag only', () => {
    for (const path of ['/admin/dashboard', '/admin/blog', '/admin/site-content']) {
      expect(guardRedirect(path, '', visitor), path).toBe('/admin/login');
      expect(guardRedirect(path, '', member), path).toBe('/admin/login');
      expect(guardRedirect(path, '', admin), path).toBeNull();
    }
  });

  it('treats a trailing slash as the same route', () => {
    expect(classifyPath('/dashboard/')).toBe('app');
    expect(guardRedirect('/kanban-board/', '', visitor)).toBe('/');
  });
});
