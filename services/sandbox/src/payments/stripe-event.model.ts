export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: object };
  livemode: false;
  api_version: string;
}
