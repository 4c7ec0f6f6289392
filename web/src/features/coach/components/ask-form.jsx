import { Form, Formik } from 'formik'
import * as yup from 'yup'
import { TextAreaField } from '../../../components/form/textarea-field'

export const MAX_QUESTION = 500

// The server's rules with its messages.
export const questionSchema = yup.object({
  question: yup.string().trim().required('Please enter a question').max(MAX_QUESTION, 'Question must be less than 500 characters'),
})

/**
 * AskForm is the question input; onAsk(question) resolves once the question is sent.
 * @param {{onAsk: (question: string) => Promise<boolean> | boolean, disabled?: boolean}} props
 */
export function AskForm({ onAsk, disabled }) {
  return (
    <Formik
      initialValues={{ question: '' }}
      validationSchema={questionSchema}
      onSubmit={async ({ question }, { resetForm, setSubmitting }) => {
        const sent = await onAsk(question.trim())
        if (sent) resetForm()
        else setSubmitting(false)
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate className="cc-ask-form">
          <TextAreaField name="question" label="Your question" rows={2} limit={MAX_QUESTION} disabled={disabled} />
          <button type="submit" className="btn btn-primary" disabled={disabled || isSubmitting}>
            {isSubmitting ? 'Asking…' : 'Ask'}
          </button>
        </Form>
      )}
    </Formik>
  )
}
