import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An underground event's ticket stock: `sold` never passes `totalTickets` (a CHECK, and every sale's conditional update). */
@Entity({ name: 'ticket_inventories' })
export class TicketInventoryEntity {
  @PrimaryColumn({ name: 'event_id', type: 'integer' }) eventId!: number;
  @Column({ name: 'total_tickets', type: 'integer' }) totalTickets!: number;
  @Column({ type: 'integer' }) sold!: number;
}
