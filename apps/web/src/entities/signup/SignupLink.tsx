import { BREAKPOINTS } from '@amora/contracts/rules';
import { createContext, type MouseEvent, useContext } from 'react';
import { useUser } from '../../api/queries.ts';
import { ButtonLink, type ButtonLinkProps } from '../../ui/Button.tsx';

/** Spec §9 breakpoint from which signup opens as a modal instead of the /signup page. */
export const SIGNUP_MODAL_MIN_WIDTH = BREAKPOINTS.lg;

/** The signup modal of the layouts (features/signup/SignupModal.tsx), for the links to open. */
export const SignupModalContext = createContext<{ open: () => void } | null>(null);

let loadFlow: () => Promise<unknown> = async () => {};

/** The signup flow's loader, given by the signup feature, which the links call early. */
export function provideSignupFlow(load: () => Promise<unknown>): void {
  loadFlow = load;
}

/**
 * A signup call to action. It is a real link to /signup (phones, no JavaScript, new tabs); on
 * desktop a plain click opens the signup modal instead. Members are sent to the members area.
 * `to` may add a query to the signup page's address (a member lander's `?member=`).
 */
export function SignupLink(props: Omit<ButtonLinkProps, 'to'> & { to?: `/signup${string}` }) {
  const modal = useContext(SignupModalContext);
  const user = useUser();
  if (user) return <ButtonLink {...props} to="/members" />;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    props.onClick?.(e);
    if (!modal || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
      return;
    if (!window.matchMedia(`(min-width: ${SIGNUP_MODAL_MIN_WIDTH}px)`).matches) return;
    e.preventDefault();
    modal.open();
  };
  return (
    <ButtonLink
      {...props}
      to={props.to ?? '/signup'}
      // Before a public page has hydrated, the loader holds this click where it opens the modal and
      // replays it once the app runs; on a phone it is followed at once, a link (entry-loader.ts).
      data-hydrate-click={`(min-width: ${SIGNUP_MODAL_MIN_WIDTH}px)`}
      onClick={onClick}
      onPointerEnter={() => void loadFlow()}
      onFocus={() => void loadFlow()}
    />
  );
}
