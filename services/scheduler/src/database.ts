import type { ServiceDatabase } from '@platform/database';
import { CalendarConnectionEntity } from './calendar/calendar-connection.entity.js';
import { CalendarOAuthStateEntity } from './calendar/calendar-oauth-state.entity.js';
import { Calendar1764310000000 } from './migrations/1764310000000-calendar.js';

export const schedulerDatabase: ServiceDatabase = {
  schema: 'scheduler',
  entities: [CalendarConnectionEntity, CalendarOAuthStateEntity],
  migrations: [Calendar1764310000000],
};
