import { IsIn, IsOptional } from 'class-validator';
import { FEEDS_MESSAGES as M } from './feeds-messages.js';

/** 4.10's actions; `tree` when none is given. */
export const COLONY_ACTIONS = ['tree', 'soul', 'diagnostics'] as const;
export type ColonyAction = (typeof COLONY_ACTIONS)[number];

/** Actions that show the soul's own state (thoughts, beliefs, failures): admins only (docs/spec-decisions.md). */
export const ADMIN_COLONY_ACTIONS: readonly ColonyAction[] = ['soul', 'diagnostics'];

/** GET /api/colony/status. */
export class ColonyStatusQuery {
  @IsOptional() @IsIn(COLONY_ACTIONS, { message: M.unknownAction }) action?: ColonyAction;
}
