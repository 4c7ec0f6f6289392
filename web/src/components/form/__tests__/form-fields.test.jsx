import { describe, it, expect } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Form, Formik } from 'formik'
import * as yup from 'yup'
import { TextField } from '../text-field'
import { SelectField } from '../select-field'
import { TextAreaField } from '../textarea-field'
import { ChipGroup, CheckboxField, RadioGroup } from '../choice-fields'
import { fieldId } from '../field'

const schema = yup.object({
  name: yup.string().required('Name is required'),
  duration: yup.object({ startDate: yup.string().required('Start date is required') }),
  gender: yup.string().required('Please select a gender'),
  notes: yup.string().max(5, 'Too long'),
  vibes: yup.array().min(1, 'Pick one'),
  reason: yup.string().required('Pick a reason'),
  terms: yup.boolean().oneOf([true], 'Agree first'),
})

function renderForm() {
  return render(
    <Formik
      initialValues={{ name: '', duration: { startDate: '' }, gender: '', notes: '', vibes: [], reason: '', terms: false }}
      validationSchema={schema}
      onSubmit={() => {}}
    >
      <Form noValidate>
        <TextField name="name" label="Name" />
        <TextField name="duration.startDate" label="Start Date" type="date" />
        <SelectField name="gender" label="Gender" options={['female', { value: 'male', label: 'Male' }]} />
        <TextAreaField name="notes" label="Notes" limit={5} />
        <ChipGroup name="vibes" legend="Vibes" options={['Fun', 'Calm']} />
        <RadioGroup name="reason" legend="Reason" options={['Privacy concerns', 'Others']} />
        <CheckboxField name="terms">I agree</CheckboxField>
        <button type="submit">Save</button>
      </Form>
    </Formik>,
  )
}

describe('form fields', () => {
  it('use one id scheme: field-<name, dots as dashes>', () => {
    renderForm()
    expect(fieldId('duration.startDate')).toBe('field-duration-startDate')
    expect(screen.getByLabelText('Name')).toHaveAttribute('id', 'field-name')
    expect(screen.getByLabelText('Start Date')).toHaveAttribute('id', 'field-duration-startDate')
    expect(screen.getByLabelText('Gender')).toHaveAttribute('id', 'field-gender')
    expect(screen.getByLabelText('Notes')).toHaveAttribute('id', 'field-notes')
    expect(screen.getByLabelText('Fun')).toHaveAttribute('id', 'field-vibes-Fun')
    expect(screen.getByLabelText('Privacy concerns')).toHaveAttribute('id', 'field-reason-Privacy-concerns')
    expect(screen.getByLabelText('I agree')).toHaveAttribute('id', 'field-terms')
  })

  it('show no error before a touch or a submit, then every error, tied to its control', async () => {
    renderForm()
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument()
    await userEvent.click(screen.getByLabelText('Name'))
    await userEvent.tab()
    expect(await screen.findByText('Name is required')).toHaveAttribute('id', 'field-name-error')
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-describedby', 'field-name-error')
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByText('Start date is required')).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    for (const msg of ['Start date is required', 'Please select a gender', 'Pick one', 'Pick a reason', 'Agree first']) {
      expect(await screen.findByText(msg)).toBeInTheDocument()
    }
    expect(screen.getByLabelText('Start Date')).toHaveAttribute('aria-describedby', 'field-duration-startDate-error')
    expect(screen.getByRole('group', { name: 'Vibes' })).toHaveAttribute('aria-describedby', 'field-vibes-error')
  })

  it('count a textarea against its limit', async () => {
    renderForm()
    await userEvent.type(screen.getByLabelText('Notes'), 'abcdefg')
    expect(screen.getByText('7/5')).toHaveClass('text-danger')
    expect(screen.getByLabelText('Notes')).toHaveAttribute('aria-describedby', expect.stringContaining('field-notes-count'))
  })
})
