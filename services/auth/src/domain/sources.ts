/** The source tag of events an operator's change causes. */
export const ADMIN_SOURCE = 'admin';

/** The source tag of writes through a personal token. */
export const PERSONAL_SOURCE = 'api:personal';

/** The source tag writes through this app are stamped with. */
export function appSource(clientId: string): string {
  return `api:${clientId}`;
}
