/** Spec §4/§9: a deleted account can be reactivated through the e-mailed link for 14 days. */
export const REACTIVATION_DAYS = 14;
