/**
 * The props of a control that works only once React handles its form (a submit button, the
 * login's fieldset): disabled until the page has hydrated, so the browser never submits natively (a
 * GET putting what was typed, passwords too, into the URL). Marked `data-needs-app`: on a visitor's
 * public page the loader (entry-loader.ts), which holds every click and submission until the app
 * runs, enables it at once, so the form can be filled and sent before the app has loaded.
 */
export function needsApp(hydrated: boolean): { disabled?: true; 'data-needs-app'?: '' } {
  return hydrated ? {} : { disabled: true, 'data-needs-app': '' };
}
