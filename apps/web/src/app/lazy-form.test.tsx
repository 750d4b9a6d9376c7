import { renderToStaticMarkup } from 'react-dom/server';
import * as rhf from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormLibProvider, FormProvider, lazyForm, useForm, useFormContext, useWatch } from './lazy-form.tsx';

type Values = { text: string; mandate: boolean; interests: string[]; reason: string };

function Interests() {
  const { register, control } = useFormContext<Values>();
  const chosen = useWatch({ control, name: 'interests' }) ?? [];
  return (
    <fieldset>
      <legend>{chosen.length}</legend>
      {['a', 'b'].map((v) => (
        <input key={v} type="checkbox" value={v} {...register('interests')} />
      ))}
    </fieldset>
  );
}

const Demo = lazyForm(function Demo({ label }: { label: string }) {
  const form = useForm<Values>({
    defaultValues: { text: 'hello', mandate: true, interests: ['b'], reason: '' },
    mode: 'onTouched',
  });
  const text = useWatch({ control: form.control, name: 'text' });
  const { errors, isSubmitting, isDirty } = form.formState;
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(() => {})}>
        <label>
          {label} {text.length}
          <textarea {...form.register('text')} />
        </label>
        <input type="checkbox" {...form.register('mandate')} />
        <select {...form.register('reason')}>
          <option value="">-</option>
          <option value="spam">spam</option>
        </select>
        <Interests />
        <p>
          {String(isSubmitting)} {String(isDirty)} {errors.text ? 'error' : 'no error'}
        </p>
      </form>
    </FormProvider>
  );
});

function Bare() {
  useForm();
  return null;
}

describe('lazyForm', () => {
  it('renders on the server as the same form with react-hook-form does (the page hydrates either)', () => {
    const standIn = renderToStaticMarkup(<Demo label="Text" />);
    const real = renderToStaticMarkup(
      <FormLibProvider lib={rhf}>
        <Demo label="Text" />
      </FormLibProvider>,
    );
    expect(standIn).toBe(real);
    expect(standIn).toContain('Text 5');
    expect(standIn).toContain('<legend>1</legend>');
  });

  it('a form of this module outside lazyForm or FormLibProvider is a mistake, said so', () => {
    expect(() => renderToStaticMarkup(<Bare />)).toThrow(/outside lazyForm/);
  });
});
