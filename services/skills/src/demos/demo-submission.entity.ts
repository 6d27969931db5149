import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A demo sent through demo-submitter; `status` is `submitted` until a label's review (not built) moves it. */
@Entity({ name: 'demo_submissions' })
export class DemoSubmissionEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ type: 'varchar' }) title!: string;
  @Column({ type: 'varchar' }) artist!: string;
  @Column({ type: 'varchar', nullable: true }) genre!: string | null;
  @Column({ type: 'varchar', nullable: true }) link!: string | null;
  @Column({ type: 'varchar' }) status!: string;
  @CreateDateColumn({ name: 'submitted_at', type: 'timestamptz' }) submittedAt!: Date;
}
