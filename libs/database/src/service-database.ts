import type { MixedList, EntitySchema } from 'typeorm';

/** What a service declares about its schema; `services/<name>/src/database.ts` exports one. */
export interface ServiceDatabase {
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: Function[];
}

/** The role every service connects as at run time: no superuser, no BYPASSRLS, so policies hold. */
export const APP_ROLE = 'platform_app';
