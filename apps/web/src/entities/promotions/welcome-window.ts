/** The welcome window (spec §9), one rule for the server's page and the browser. */
export { inWelcomeWindow, WELCOME_WINDOW_S } from '@amora/contracts/rules';
