import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { CalendarPage, icsDays, icsText, monthTitle, readIcs, shiftMonth } from '../support/calendar.ts';
import { expect, onboard, test } from '../support/fixtures.ts';
import { localDay, project, seed, task, workspace } from '../support/seed.ts';

// The Calendar (docs/product.md, Calendar).

const today = localDay(0);
/** Another day of this month, five days away from today. */
const other = localDay(new Date().getDate() <= 14 ? 5 : -5);

/** Local noon of a day as an ISO date-time, as the project modal stores due dates. */
function noon(day: string): string {
  return new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), 12).toISOString();
}

/** 'Tuesday, November 24', as the day list's title writes a day. */
const dayTitle = (day: string) => new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)))
  .toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

function calendarWorkspace() {
  return workspace({
    columns: [
      { id: 'todo', title: 'To-do', itemIds: ['write', 'call', 'order', 'review', 'fix', 'someday'] },
      { id: 'finished', title: 'Finished', itemIds: ['shipped'] },
    ],
    items: [
      task({ id: 'write', content: 'Write the launch post', description: 'Draft, then edit', dueDate: other }),
      task({ id: 'call', content: 'Call the printer', dueDate: today }),
      task({ id: 'order', content: 'Order stickers', dueDate: today }),
      task({ id: 'review', content: 'Review copy', dueDate: today }),
      task({ id: 'fix', content: 'Fix the footer', dueDate: today }),
      task({ id: 'someday', content: 'Someday' }),
      task({ id: 'shipped', content: 'Ship the beta, v1; final', dueDate: other }),
    ],
    projects: [
      project({ id: 'website', name: 'Website relaunch', dueDate: noon(other) }),
      project({ id: 'party', name: 'Launch party', dueDate: noon(today) }),
      project({ id: 'undated', name: 'No date yet' }),
    ],
  });
}

test.beforeEach(async ({ page }) => {
  await onboard(page);
});

test('a task and a project show on their due dates in two styles; today is marked', async ({ page }) => {
  const calendar = new CalendarPage(page);
  await seed(page, calendarWorkspace());
  await calendar.open();
  await expect(calendar.monthHeading).toHaveText(monthTitle(today));
  await expect(calendar.day(today)).toHaveAttribute('aria-current', 'date');
  await expect(page.getByTestId('month-count')).toHaveText('8 due this month');

  const cell = calendar.day(other);
  const taskLink = cell.getByRole('link', { name: 'Task: Write the launch post' });
  const projectLink = cell.getByRole('link', { name: 'Project: Website relaunch' });
  await expect(taskLink).toBeVisible();
  await expect(projectLink).toBeVisible();
  await expect(cell.getByRole('link', { name: 'Task: Ship the beta, v1; final (done)' })).toBeVisible();
  await expect(cell).toHaveAttribute('aria-label', /, 3 items due$/);
  // Two styles, not by colour alone: a project is a filled block with a folder icon, a task an outlined line.
  await expect(projectLink.locator('svg.lucide-folder-kanban')).toHaveCount(1);
  await expect(taskLink.locator('svg.lucide-circle')).toHaveCount(1);
  const style = (link: typeof taskLink) => link.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { border: computed.borderTopWidth, background: computed.backgroundColor };
  });
  const [projectStyle, taskStyle] = [await style(projectLink), await style(taskLink)];
  expect(taskStyle.border).toBe('1px');
  expect(projectStyle.border).toBe('0px');
  expect(projectStyle.background).not.toBe(taskStyle.background);
  await expect(page.getByText('Someday')).toHaveCount(0);
  await expect(page.getByText('No date yet')).toHaveCount(0);
});

test('a busy day shows two items and \'+3 more\', which lists the whole day; Escape gives focus back to the day', async ({ page }) => {
  const calendar = new CalendarPage(page);
  await seed(page, calendarWorkspace());
  await calendar.open();
  const cell = calendar.day(today);
  await expect(cell.getByRole('link')).toHaveCount(2);
  await expect(cell.getByRole('link').first()).toHaveAccessibleName('Project: Launch party');
  await cell.getByRole('button', { name: /^3 more: show every item due on/ }).click();
  const dialog = page.getByRole('dialog', { name: dayTitle(today) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link')).toHaveCount(5);
  await expect(dialog.getByRole('listitem').locator('span.font-medium')).toHaveText([
    'Launch party', 'Call the printer', 'Order stickers', 'Review copy', 'Fix the footer',
  ]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cell).toBeFocused();
});

test('month navigation: previous, next and Today; arrow keys, Home, End and Page Down move the focused day', async ({ page }) => {
  const calendar = new CalendarPage(page);
  await seed(page, calendarWorkspace());
  await calendar.open();
  const thisMonth = monthTitle(today);

  await calendar.button('Next month').click();
  await expect(calendar.monthHeading).toHaveText(monthTitle(`${shiftMonth(today, 1)}-01`));
  await expect(calendar.day(`${shiftMonth(today, 1)}-01`)).not.toHaveAttribute('data-outside');
  await calendar.button('Previous month').click();
  await calendar.button('Previous month').click();
  await expect(calendar.monthHeading).toHaveText(monthTitle(`${shiftMonth(today, -1)}-01`));
  await calendar.button('Today').click();
  await expect(calendar.monthHeading).toHaveText(thisMonth);
  await expect(calendar.focusableDay).toHaveAttribute('data-date', today);

  await calendar.day(today).focus();
  await page.keyboard.press('ArrowRight');
  await expect(calendar.day(localDay(1))).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(calendar.day(localDay(8))).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  await expect(calendar.day(today)).toBeFocused();
  // Keys pressed in quick succession each start from the day the one before reached.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  await expect(calendar.day(today)).toBeFocused();
  await expect(calendar.focusableDay).toHaveAttribute('data-date', today);
  // Home and End: the week's Sunday and Saturday (today's week; the focus is on today).
  const weekday = new Date().getDay();
  const sunday = localDay(-weekday);
  const saturday = localDay(6 - weekday);
  await page.keyboard.press('Home');
  await expect(calendar.day(sunday)).toBeFocused();
  await page.keyboard.press('End');
  await expect(calendar.day(saturday)).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(calendar.monthHeading).toHaveText(monthTitle(`${shiftMonth(saturday, 1)}-01`));
  await expect(page.locator('[role="gridcell"]:focus')).toHaveAttribute('tabindex', '0');
  // The grid is one tab stop: Tab leaves it.
  await page.keyboard.press('Tab');
  await expect(page.locator('[role="gridcell"]:focus')).toHaveCount(0);
});

test('an item opens where it is edited: a project in Projects (?edit=), a task on the board (?task=)', async ({ page }) => {
  const calendar = new CalendarPage(page);
  await seed(page, calendarWorkspace());
  await calendar.open();
  await calendar.day(other).getByRole('link', { name: 'Project: Website relaunch' }).click();
  // The link's ?edit= opens that project's edit modal; the one-shot parameter then leaves the address.
  await expect(page.getByRole('dialog').getByLabel('Name')).toHaveValue('Website relaunch');
  await expect(page).toHaveURL(/\/free-project-management$/);
  await page.goBack();
  await expect(calendar.grid).toBeVisible();
  await calendar.day(other).getByRole('link', { name: 'Task: Write the launch post' }).click();
  await expect(page.getByRole('dialog').getByLabel('Title')).toHaveValue('Write the launch post');
  await expect(page).toHaveURL(/\/kanban-board$/);
});

test('Export .ics downloads every dated project and task as all-day events with stable UIDs', async ({ page }) => {
  const calendar = new CalendarPage(page);
  await seed(page, calendarWorkspace());
  await calendar.open();
  const exportOnce = async () => {
    const downloading = page.waitForEvent('download');
    await calendar.button('Export .ics').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`grove-calendar-${today}.ics`);
    return readIcs(await readFile(await download.path(), 'utf8'));
  };
  const { calendar: header, events } = await exportOnce();
  await expect(page.getByText(`Downloaded grove-calendar-${today}.ics with 8 events.`)).toBeVisible();
  expect(header.VERSION).toBe('2.0');
  expect(header.PRODID).toBe('-//Grove//Grove Calendar//EN');
  expect(events.map((event) => event.UID).sort()).toEqual([
    'project-party@grove.invalid', 'project-website@grove.invalid', 'task-call@grove.invalid', 'task-fix@grove.invalid',
    'task-order@grove.invalid', 'task-review@grove.invalid', 'task-shipped@grove.invalid', 'task-write@grove.invalid',
  ]);
  for (const event of events) {
    expect(event.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
    expect(Object.keys(event)).toEqual(expect.arrayContaining(['DTSTART;VALUE=DATE', 'DTEND;VALUE=DATE', 'SUMMARY']));
  }
  const byUid = new Map(events.map((event) => [event.UID, event]));
  const write = byUid.get('task-write@grove.invalid');
  expect([write?.['DTSTART;VALUE=DATE'], write?.['DTEND;VALUE=DATE']]).toEqual([icsDays(other).start, icsDays(other).end]);
  expect(icsText(write?.DESCRIPTION)).toBe('Task · To-do\n\nDraft, then edit');
  expect(write?.URL).toMatch(/^http:\/\/localhost:\d+\/kanban-board\?task=write$/);
  const website = byUid.get('project-website@grove.invalid');
  expect(website?.['DTSTART;VALUE=DATE']).toBe(icsDays(other).start);
  const shipped = byUid.get('task-shipped@grove.invalid');
  expect(shipped?.SUMMARY).toBe('Ship the beta\\, v1\\; final');
  expect(icsText(shipped?.SUMMARY)).toBe('Ship the beta, v1; final');

  // A second export names the same events the same way, so a re-import updates them.
  const again = await exportOnce();
  expect(again.events.map((event) => event.UID)).toEqual(events.map((event) => event.UID));
});

test('with nothing dated, the month says so and Export has nothing to download', async ({ page }) => {
  const calendar = new CalendarPage(page);
  await seed(page, workspace({ columns: [{ id: 'todo', title: 'To-do', itemIds: ['someday'] }], items: [task({ id: 'someday', content: 'Someday' })] }));
  await calendar.open();
  const notice = page.getByTestId('empty-month');
  await expect(notice).toContainText(`Nothing due in ${monthTitle(today)}`);
  await expect(notice.getByRole('link', { name: 'Open Kanban Board' })).toHaveAttribute('href', '/kanban-board');
  await calendar.button('Export .ics').click();
  await expect(page.getByText('Nothing to export yet: no project or task has a due date.')).toBeVisible();
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('days show marks; the selected day\'s items are listed under the grid and open from there', async ({ page }) => {
    const calendar = new CalendarPage(page);
    await seed(page, calendarWorkspace());
    await calendar.open();
    await expect(calendar.day(today).getByRole('link')).toHaveCount(0);
    // Five items: two marks and '+3' (three marks and a count would not fit a 360 px phone's cell).
    await expect(calendar.day(today).locator('[data-kind]:visible')).toHaveCount(2);
    await expect(calendar.day(today).getByText('+3', { exact: true })).toBeVisible();
    const agenda = page.getByTestId('day-agenda');
    await expect(agenda.getByRole('heading')).toHaveText(dayTitle(today));
    await expect(agenda.getByRole('link')).toHaveCount(5);
    await calendar.day(other).click();
    await expect(agenda.getByRole('heading')).toHaveText(dayTitle(other));
    await expect(agenda.getByRole('link')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await agenda.getByRole('link', { name: /Write the launch post/ }).click();
    await expect(page.getByRole('dialog').getByLabel('Title')).toHaveValue('Write the launch post');
  });
});

for (const zone of ['Pacific/Auckland', 'America/Los_Angeles']) {
  test.describe(`in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test('a task due 2026-03-05 is on March 5; a project is on the local day of its due time', async ({ page }) => {
      const calendar = new CalendarPage(page);
      await seed(page, workspace({
        columns: [{ id: 'todo', title: 'To-do', itemIds: ['fixed'] }],
        items: [task({ id: 'fixed', content: 'Fixed day', dueDate: '2026-03-05' })],
        projects: [project({ id: 'instant', name: 'Evening in London', dueDate: '2026-03-05T20:00:00.000Z' })],
      }));
      await calendar.open('?date=2026-03-05');
      await expect(calendar.monthHeading).toHaveText('March 2026');
      await expect(calendar.day('2026-03-05').getByRole('link', { name: 'Task: Fixed day' })).toBeVisible();
      // 20:00 UTC is 09:00 the next day in Auckland, and noon the same day in Los Angeles.
      const projectDay = zone === 'Pacific/Auckland' ? '2026-03-06' : '2026-03-05';
      await expect(calendar.day(projectDay).getByRole('link', { name: 'Project: Evening in London' })).toBeVisible();
    });
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no serious violations on the calendar with data (${theme}), nor with a day open`, async ({ page }) => {
    const calendar = new CalendarPage(page);
    await seed(page, calendarWorkspace(), theme);
    await calendar.open();
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await expectNoSeriousA11yViolations(page);
    await calendar.day(today).getByRole('button', { name: /more/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
