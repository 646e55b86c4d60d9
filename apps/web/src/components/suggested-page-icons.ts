/**
 * The page icons the icon picker offers, with their names (keys under pageHeader.icon.emoji). Grove's own emoji
 * font holds exactly these (build/emoji-subset.ts cuts it from this list; decision 074), so they draw in colour on
 * a machine without an emoji font: a change here means `npm run font:emoji` and the new file committed.
 */
export const SUGGESTED_PAGE_ICONS = [
  ['📄', 'page'], ['📝', 'memo'], ['📓', 'notebook'], ['📚', 'books'], ['🔖', 'bookmark'], ['📋', 'clipboard'], ['📅', 'calendar'], ['📌', 'pin'],
  ['📁', 'folder'], ['📊', 'chart'], ['💡', 'bulb'], ['🎯', 'target'], ['🚀', 'rocket'], ['⭐', 'star'], ['✨', 'sparkles'], ['🔥', 'fire'],
  ['✅', 'check'], ['🚩', 'flag'], ['🔑', 'key'], ['🔒', 'lock'], ['⚙️', 'gear'], ['🛠️', 'tools'], ['💻', 'laptop'], ['💬', 'speech'],
  ['❤️', 'heart'], ['😊', 'smile'], ['🧠', 'brain'], ['☕', 'coffee'], ['🌱', 'seedling'], ['🌳', 'tree'], ['☀️', 'sun'], ['🌙', 'moon'],
  ['🏠', 'house'], ['✈️', 'plane'], ['🎵', 'music'], ['🎨', 'palette'], ['🏆', 'trophy'], ['💰', 'money'], ['🌍', 'globe'], ['🎓', 'graduation'],
] as const;
