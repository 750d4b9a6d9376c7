import type { COMPLAINT_REASONS } from '@amora/contracts';
import { api } from '../../api/client.ts';

export type ComplaintReason = (typeof COMPLAINT_REASONS)[number];
export interface ComplaintRequest {
  member_id?: string;
  reason: ComplaintReason;
  text: string;
}

export const sendComplaint = (body: ComplaintRequest) =>
  api<{ id: string }>('/api/complaints', { method: 'POST', body });
