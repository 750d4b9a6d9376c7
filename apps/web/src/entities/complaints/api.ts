import type { COMPLAINT_REASONS } from '@amora/contracts';
import { type BodyOf, endpoints } from '@amora/contracts/endpoints';
import { call } from '../../api/client.ts';

export type ComplaintReason = (typeof COMPLAINT_REASONS)[number];
export type ComplaintRequest = BodyOf<typeof endpoints.complaints.file>;

export const sendComplaint = (body: ComplaintRequest) => call(endpoints.complaints.file, { body });
