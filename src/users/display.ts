// How a user is shown in the app's chrome: the avatar's initials and the user menu's name. Pure; the islands use it too.

/** The avatar button's accessible name: it holds the initials the button shows (WCAG 2.5.3, label in name). */
export const userMenuLabel = (username: string) => `${initials(username)}: user menu for ${username}`;

/** First two letters of the username in upper case, or '?'. */
export function initials(username: string | null | undefined): string {
  const s = (username ?? '').trim();
  return s ? s.slice(0, 2).toUpperCase() : '?';
}
