import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A skill installed on an agent (extended-services 2, installed skill); `userId` is the agent's owner. */
@Entity({ name: 'agent_skills' })
export class AgentSkillEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'text' }) userId!: string;
  @Column({ name: 'agent_id', type: 'uuid' }) agentId!: string;
  @Column({ name: 'skill_id', type: 'varchar' }) skillId!: string;
  @CreateDateColumn({ name: 'installed_at', type: 'timestamptz' }) installedAt!: Date;
}
