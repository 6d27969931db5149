import { Type } from 'class-transformer';
import {
  IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsObject, IsString, Max, Min, ValidateIf, ValidateNested,
} from 'class-validator';

/**
 * The soul service's answers as extended-services 2 (Colony agent) and 4.10 describe them, checked
 * before they are passed on: an answer of another shape is the soul's fault (502), not data.
 * Fields 4.10 only names (recent_thoughts, cortex...) are checked for their kind only.
 */

/** A field 4.10 marks "(or null)": null, or else the rules that follow. */
const Nullable = () => ValidateIf((_object, value) => value !== null);
const Count = () => (target: object, key: string) => {
  IsInt()(target, key);
  Min(0)(target, key);
};
const Share = (max: number) => (target: object, key: string) => {
  IsNumber()(target, key);
  Min(0)(target, key);
  Max(max)(target, key);
};
const Nested = (type: () => new () => object) => (target: object, key: string) => {
  ValidateNested()(target, key);
  Type(type)(target, key);
  IsObject()(target, key);
};
const NestedList = (type: () => new () => object) => (target: object, key: string) => {
  IsArray()(target, key);
  ValidateNested({ each: true })(target, key);
  Type(type)(target, key);
};

class AgentEndpoint {
  @IsString() slug!: string;
  @IsString() description!: string;
  @IsString() price!: string;
}

export class ColonyAgent {
  @IsString() id!: string;
  @IsString() name!: string;
  @IsInt() @Min(1) generation!: number;
  @Share(100) fitness!: number;
  @IsString() specialization!: string;
  @IsArray() children!: unknown[];
  @Nullable() @IsString() parent!: string | null;
  @IsString() walletAddress!: string;
  @IsIn(['active', 'stale']) status!: string;
  @IsString() createdAt!: string;
  @IsString() url!: string;
  @NestedList(() => AgentEndpoint) endpoints!: AgentEndpoint[];
  @IsNumber() @Min(0) uptime!: number;
  @IsString() version!: string;
}

class Plan {
  @IsString() id!: string;
  @IsString() goal_id!: string;
  @Count() current_step!: number;
  @Count() total_steps!: number;
  @IsString() status!: string;
  @Count() replan_count!: number;
}

class EnergyComponent {
  @IsString() system!: string;
  @IsNumber() surprise!: number;
  @IsNumber() weight!: number;
}

class FreeEnergy {
  @IsNumber() F!: number;
  @IsString() regime!: string;
  @IsString() trend!: string;
  @NestedList(() => EnergyComponent) components!: EnergyComponent[];
}

class Brain {
  @Count() parameters!: number;
  @Count() train_steps!: number;
  @IsNumber() running_loss!: number;
}

class Transformer {
  @Count() param_count!: number;
  @Count() train_steps!: number;
  @IsNumber() running_loss!: number;
  @Count() vocab_size!: number;
  @Count() plans_generated!: number;
}

class RootSoul {
  @IsBoolean() active!: boolean;
  @IsBoolean() dormant!: boolean;
  @Count() total_cycles!: number;
  @IsString() mode!: string;
  @Nullable() @Nested(() => Plan) active_plan!: Plan | null;
  @Nullable() @Nested(() => FreeEnergy) free_energy!: FreeEnergy | null;
  @Nullable() @Nested(() => Brain) brain!: Brain | null;
  @Nullable() @Nested(() => Transformer) transformer!: Transformer | null;
}

class Role {
  @Count() rank!: number;
  @IsBoolean() can_spawn!: boolean;
  @IsBoolean() should_cull!: boolean;
  @IsString() niche!: string;
  @Count() colony_size!: number;
}

class FitnessRank {
  @IsString() address!: string;
  @Share(100) fitness!: number;
  @Count() rank!: number;
}

class RootColony extends Role {
  @NestedList(() => FitnessRank) fitness_rank!: FitnessRank[];
}

class RootFitness {
  @Share(1) total!: number;
  @Share(1) prediction!: number;
  @Share(1) execution!: number;
}

class WalletBalance {
  @IsString() formatted!: string;
  @IsString() token!: string;
}

class Root {
  @IsString() address!: string;
  @IsString() designation!: string;
  @Nested(() => RootFitness) fitness!: RootFitness;
  @Nested(() => WalletBalance) wallet_balance!: WalletBalance;
  @IsBoolean() clone_available!: boolean;
  @IsString() clone_price!: string;
  @Nested(() => RootSoul) soul!: RootSoul;
  @Nested(() => RootColony) colony!: RootColony;
}

/** `tree`. */
export class ColonyTree {
  @Count() colony_size!: number;
  @Share(100) avg_fitness!: number;
  @Nullable() @Nested(() => ColonyAgent) fittest!: ColonyAgent | null;
  @Count() cull_queue!: number;
  @NestedList(() => ColonyAgent) agents!: ColonyAgent[];
  @Nested(() => Root) root!: Root;
}

class CycleHealth {
  @IsBoolean() last_cycle_entered_code!: boolean;
  @Count() total_code_entries!: number;
  @Count() cycles_since_last_commit!: number;
  @Count() completed_plans_count!: number;
  @Count() failed_plans_count!: number;
  @Count() goals_active!: number;
}

class ActivePlan extends Plan {
  @IsString() current_step_type!: string;
  @IsString() context!: string;
}

class SoulFitness {
  @IsNumber() total!: number;
  @IsString() trend!: string;
  @IsNumber() economic!: number;
  @IsNumber() execution!: number;
  @IsNumber() evolution!: number;
  @IsNumber() coordination!: number;
  @IsNumber() introspection!: number;
  @IsNumber() prediction!: number;
  @IsString() measured_at!: string;
}

class Belief {
  @IsString() domain!: string;
  @Share(1) confidence!: number;
  @Count() confirmations!: number;
}

class Goal {
  @IsString() description!: string;
  @IsString() status!: string;
  @IsNumber() priority!: number;
}

/** `soul`. */
export class SoulState {
  @IsBoolean() active!: boolean;
  @IsBoolean() dormant!: boolean;
  @Count() total_cycles!: number;
  @Nullable() @IsNumber() last_think_at!: number | null;
  @IsString() mode!: string;
  @IsBoolean() tools_enabled!: boolean;
  @IsBoolean() coding_enabled!: boolean;
  @Nested(() => CycleHealth) cycle_health!: CycleHealth;
  @Nullable() @Nested(() => ActivePlan) active_plan!: ActivePlan | null;
  @Nested(() => SoulFitness) fitness!: SoulFitness;
  @NestedList(() => Belief) beliefs!: Belief[];
  @NestedList(() => Goal) goals!: Goal[];
  @IsArray() recent_thoughts!: unknown[];
  @Nullable() @Nested(() => Brain) brain!: Brain | null;
  @Nullable() @Nested(() => Transformer) transformer!: Transformer | null;
  @Nested(() => Role) role!: Role;
  @Nullable() @IsObject() cortex!: object | null;
  @Nullable() @IsObject() genesis!: object | null;
  @Nullable() @IsObject() hivemind!: object | null;
  @Nullable() @IsObject() synthesis!: object | null;
  @Nullable() @IsObject() evaluation!: object | null;
  @Nullable() @Nested(() => FreeEnergy) free_energy!: FreeEnergy | null;
  @Nullable() @IsObject() lifecycle!: object | null;
}

class Overview {
  @Count() total_outcomes!: number;
  @Count() completed!: number;
  @Count() failed!: number;
  @IsString() success_rate!: string;
}

class ErrorCount {
  @IsString() category!: string;
  @Count() count!: number;
}

class Stagnation {
  @Count() cycles_since_commit!: number;
  @IsString() risk_level!: string;
  @IsNumber() cycles_until_reset!: number;
}

class Bottleneck {
  @IsString() capability!: string;
  @IsNumber() success_rate!: number;
  @Count() attempts!: number;
}

/** `diagnostics`. */
export class SoulDiagnostics {
  @Nested(() => Overview) overview!: Overview;
  @NestedList(() => ErrorCount) error_distribution!: ErrorCount[];
  @Nested(() => Stagnation) stagnation!: Stagnation;
  @Nullable() @Nested(() => Bottleneck) capability_bottleneck!: Bottleneck | null;
  @IsArray() @IsString({ each: true }) recommendations!: string[];
}

export const COLONY_SHAPES = { tree: ColonyTree, soul: SoulState, diagnostics: SoulDiagnostics } as const;
