import type { FormNode } from '@skilldock/core/widgets';
import { describe, expect, it } from 'vitest';
import {
  answersMessage,
  fieldError,
  formErrors,
  formFields,
  initialValues,
} from '../../src/chat/widgets/form-answers.js';

const form: FormNode = {
  type: 'Form',
  children: [
    { type: 'Input', name: 'count', label: 'Count', inputType: 'number' },
    { type: 'Input', name: 'mail', label: 'Mail', inputType: 'email', required: true },
    {
      type: 'Row',
      children: [{ type: 'DatePicker', name: 'day', label: 'Day', min: '2026-12-01', max: '2026-12-31' }],
    },
    { type: 'Button', label: 'Send', submit: true },
  ],
};

describe('form answers', () => {
  it('W4 finds fields wherever they sit, starts from their defaults and checks each value', () => {
    const fields = formFields(form);
    expect(fields.map((field) => field.name)).toEqual(['count', 'mail', 'day']);
    expect(initialValues(fields)).toEqual({ count: '', mail: '', day: '' });
    const [count, mail, day] = fields;
    expect(fieldError(count!, 'many')).toEqual({ code: 'number' });
    expect(fieldError(count!, '')).toBeUndefined();
    expect(fieldError(mail!, ' ')).toEqual({ code: 'required' });
    expect(fieldError(mail!, 'not-an-address')).toEqual({ code: 'email' });
    expect(fieldError(day!, '2026-02-30')).toEqual({ code: 'date' });
    expect(fieldError(day!, '2026-12-31')).toBeUndefined();
    expect(fieldError(day!, '2027-01-01')).toEqual({ code: 'dateAfter', max: '2026-12-31' });
    expect(formErrors(fields, { count: '3', mail: 'a@b.example', day: '' })).toEqual({});
  });

  it('W4 the answers are one label: value line per field, in form order', () => {
    expect(answersMessage(formFields(form), { count: '3', mail: ' a@b.example ', day: '' })).toBe(
      'Count: 3\nMail: a@b.example\nDay: —',
    );
  });
});
