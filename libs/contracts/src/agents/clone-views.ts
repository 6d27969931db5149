import type { CloneSpecialization } from './clone.dtos.js';

/** GET /api/agents/clone: whether cloning is open, and where and how much to pay. */
export interface CloneServiceHealth {
  status: 'ok' | 'unavailable';
  price: string;
  currency: string;
  chainId: number;
  token: string;
  payee: string | null;
}

/** 201 of POST /api/agents/clone. */
export interface CloneResult {
  success: true;
  agent: {
    id: string;
    name: string;
    status: string;
    parentAgentId: string;
    generation: number;
    specialization: CloneSpecialization;
    websocketUrl: string;
    createdAt: string;
  };
  payment: { transactionHash: string; amount: string; currency: string; chainId: number; from: string; to: string };
}
