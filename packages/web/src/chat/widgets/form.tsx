/**
 * The Form family of SPEC W4: Form with Input, Textarea, RadioGroup and DatePicker. The form is
 * as wide as the message body; short fields sit in two columns when it is wide enough (one column
 * on a phone), textareas and radio groups of three or more options span it, the submit button is
 * on the right. Submit checks every field and shows each problem at its field; a valid submit
 * sends the answers as one ordinary user message, then the form is read-only and says so. The
 * input lives only in the page.
 */
import { Alert, Button, Group, Radio, Text, Textarea, TextInput } from '@mantine/core';
import type { FormNode, WidgetNode, WidgetNodeOf } from '@skilldock/core/widgets';
import {
  createContext,
  type FormEvent,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  answersMessage,
  type FieldError,
  type FieldNode,
  formErrors,
  formFields,
  initialValues,
  isWideField,
} from './form-answers';
import { WidgetIcon } from './icons';
import { useWidgetActions } from './widget-actions';

type SubmitState = 'idle' | 'submitting' | 'sent' | 'failed';

interface FormState {
  readonly id: string;
  readonly values: Readonly<Record<string, string>>;
  readonly errors: Readonly<Record<string, FieldError>>;
  readonly readOnly: boolean;
  readonly submitState: SubmitState;
  readonly setValue: (name: string, value: string) => void;
}

const FormContext = createContext<FormState | undefined>(undefined);

/** A field's problem in the user's language. */
function useFieldErrorText(error: FieldError | undefined): string | undefined {
  const { t } = useTranslation();
  if (error === undefined) return undefined;
  switch (error.code) {
    case 'dateBefore':
      return t('widget.form.dateBefore', { min: error.min });
    case 'dateAfter':
      return t('widget.form.dateAfter', { max: error.max });
    default:
      return t(`widget.form.${error.code}`);
  }
}

/** The state of one field: from its form, or a read-only default outside one. */
function useField(field: FieldNode) {
  const form = useContext(FormContext);
  const error = useFieldErrorText(form?.errors[field.name]);
  return {
    id: `${form?.id ?? 'field'}-${field.name}`,
    value: form?.values[field.name] ?? field.defaultValue ?? '',
    error,
    readOnly: form?.readOnly ?? true,
    onChange: (value: string) => form?.setValue(field.name, value),
  };
}

/** A one-line input. */
export function WidgetInput({ node }: { readonly node: WidgetNodeOf<'Input'> }) {
  const field = useField(node);
  return (
    <TextInput
      data-widget="Input"
      id={field.id}
      name={node.name}
      label={node.label}
      type={node.inputType ?? 'text'}
      inputMode={node.inputType === 'number' ? 'decimal' : undefined}
      placeholder={node.placeholder}
      withAsterisk={node.required === true}
      value={field.value}
      error={field.error}
      readOnly={field.readOnly}
      onChange={(event) => field.onChange(event.currentTarget.value)}
    />
  );
}

/** A multi-line input. */
export function WidgetTextarea({ node }: { readonly node: WidgetNodeOf<'Textarea'> }) {
  const field = useField(node);
  return (
    <Textarea
      data-widget="Textarea"
      id={field.id}
      name={node.name}
      label={node.label}
      placeholder={node.placeholder}
      rows={node.rows ?? 3}
      withAsterisk={node.required === true}
      value={field.value}
      error={field.error}
      readOnly={field.readOnly}
      onChange={(event) => field.onChange(event.currentTarget.value)}
    />
  );
}

/** One choice of a few options. */
export function WidgetRadioGroup({ node }: { readonly node: WidgetNodeOf<'RadioGroup'> }) {
  const field = useField(node);
  return (
    <Radio.Group
      data-widget="RadioGroup"
      id={field.id}
      name={`${field.id}-choice`}
      label={node.label}
      withAsterisk={node.required === true}
      value={field.value}
      error={field.error}
      onChange={field.onChange}
    >
      <Group gap="md" mt={6}>
        {node.options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} disabled={field.readOnly} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** A date (the browser's own date input). */
export function WidgetDatePicker({ node }: { readonly node: WidgetNodeOf<'DatePicker'> }) {
  const field = useField(node);
  return (
    <TextInput
      data-widget="DatePicker"
      id={field.id}
      name={node.name}
      label={node.label}
      type="date"
      min={node.min}
      max={node.max}
      withAsterisk={node.required === true}
      value={field.value}
      error={field.error}
      readOnly={field.readOnly}
      onChange={(event) => field.onChange(event.currentTarget.value)}
    />
  );
}

/** The submit button of a form, wherever the form put it. */
export function WidgetSubmitButton({ node }: { readonly node: WidgetNodeOf<'Button'> }) {
  const form = useContext(FormContext);
  return (
    <Button
      data-widget="Button"
      type="submit"
      variant={node.style === 'secondary' ? 'default' : 'filled'}
      disabled={form === undefined || form.readOnly}
      loading={form?.submitState === 'submitting'}
      leftSection={node.iconStart === undefined ? undefined : <WidgetIcon name={node.iconStart} size="sm" />}
    >
      {node.label}
    </Button>
  );
}

const isSubmitButton = (node: WidgetNode) => node.type === 'Button' && node.submit === true;

/** A form: its fields in the W4 layout, the checks, the answers sent as a user message. */
export function WidgetForm({
  node,
  renderNode,
}: {
  readonly node: FormNode;
  readonly renderNode: (node: WidgetNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const { canSend, onSend } = useWidgetActions();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const fields = useMemo(() => formFields(node), [node]);
  const [values, setValues] = useState(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [submitState, setSubmitState] = useState<SubmitState>('idle');
  const [focusProblem, setFocusProblem] = useState(0);
  const readOnly = !canSend || submitState === 'submitting' || submitState === 'sent';

  useEffect(() => {
    if (focusProblem > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusProblem]);

  const state: FormState = {
    id,
    values,
    errors,
    readOnly,
    submitState,
    setValue: (name, value) => {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _fixed, ...others }) => others);
    },
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const problems = formErrors(fields, values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setFocusProblem((count) => count + 1);
      return;
    }
    setSubmitState('submitting');
    try {
      await onSend(answersMessage(fields, values));
      setSubmitState('sent');
    } catch {
      setSubmitState('failed');
    }
  };

  const submitButtons = node.children.filter(isSubmitButton);
  return (
    <FormContext.Provider value={state}>
      <form
        ref={formRef}
        data-widget="Form"
        data-state={submitState}
        className="sd-widget-form"
        noValidate
        onSubmit={submit}
        aria-busy={submitState === 'submitting'}
      >
        <div className="sd-widget-form-grid">
          {node.children.map((child, index) =>
            isSubmitButton(child) ? null : (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: a widget's children never reorder
                key={index}
                className={
                  isWideField(child) || !['Input', 'DatePicker', 'RadioGroup'].includes(child.type)
                    ? 'sd-widget-form-wide'
                    : undefined
                }
              >
                {renderNode(child)}
              </div>
            ),
          )}
        </div>
        {submitState === 'failed' && (
          <Alert color="red" role="alert" title={t('widget.form.failed')}>
            <Button type="submit" size="xs" variant="light" color="red" disabled={!canSend}>
              {t('widget.form.retry')}
            </Button>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" className="sd-widget-form-footer">
          {submitState === 'sent' && (
            <Text size="sm" c="green" role="status" style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
              <WidgetIcon name="check" size="sm" />
              {t('widget.form.sent')}
            </Text>
          )}
          {submitState === 'submitting' && (
            <Text size="sm" c="dimmed" role="status">
              {t('widget.form.submitting')}
            </Text>
          )}
          {submitButtons.map((button, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a widget's children never reorder
            <WidgetSubmitButton key={index} node={button as WidgetNodeOf<'Button'>} />
          ))}
        </Group>
      </form>
    </FormContext.Provider>
  );
}
