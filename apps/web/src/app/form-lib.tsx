import type { ComponentType } from 'react';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { FormLibProvider } from './lazy-form.tsx';

/**
 * react-hook-form as it is, for the pages that load it with them because their form is the page
 * (login, password reset, signup); forms written against app/lazy-form.tsx (useApiForm, the
 * profile's detail fields) use it there. The members area's form pages load it on first use instead.
 */
export const FORM_LIB = { useForm, useWatch, useFormContext, FormProvider };

/** The page with its forms on the react-hook-form it loads with it (see FORM_LIB). */
export function withFormLib<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function WithFormLib(props: P) {
    return (
      <FormLibProvider lib={FORM_LIB}>
        <Page {...props} />
      </FormLibProvider>
    );
  }
  WithFormLib.displayName = `withFormLib(${Page.displayName ?? Page.name})`;
  return WithFormLib;
}
