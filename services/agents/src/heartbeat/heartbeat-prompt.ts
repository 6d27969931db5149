/**
 * What a running agent is sent at each beat. Short, because every beat is a real chat through the
 * AI layer that the owner's quota pays for; it asks for a one-line status so the answer in the
 * agent's history says the agent is alive and what it is about, without starting any work.
 */
export const HEARTBEAT_PROMPT = 'Heartbeat: reply in one short line with your current status.';
