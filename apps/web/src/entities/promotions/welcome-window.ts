/** Spec §9: the welcome discount runs for 14,400 s (4 hours) after signup. */
export const WELCOME_WINDOW_S = 14_400;

/**
 * Whether a member who signed up at `signupDate` may still be in the welcome window (the server has
 * the last word): past it, nobody asks for the welcome code on every page (issue 26 item 12).
 */
export const inWelcomeWindow = (signupDate: string, now = Date.now()) =>
  now - Date.parse(signupDate) < WELCOME_WINDOW_S * 1000;
