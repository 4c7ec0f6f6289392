import { Formik, Form } from 'formik'
import { changePassword } from '../api/change-password'
import { changePasswordSchema } from './change-password-schema'
import { saveForm } from '../../../lib/save-form'
import { PASSWORD_HINT } from '../../../lib/validation'
import { TextField } from '../../../components/form/text-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { CardSection } from '../../../components/card-section'

const initialValues = { currentPassword: '', newPassword: '', confirmPassword: '' }

/**
 * ChangePasswordForm changes the password with the current one. This session
 * stays signed in; the server signs out every other session of the account.
 */
export function ChangePasswordForm() {
  /**
   * @param {typeof initialValues} values
   * @param {import('formik').FormikHelpers<typeof initialValues>} helpers
   */
  const onSubmit = (values, helpers) =>
    saveForm(
      helpers,
      async () => {
        const json = await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword })
        return { message: json?.data?.message || 'Password changed successfully' }
      },
      'Failed to change password. Please try again.',
    )
  return (
    <CardSection titleId="cc-password-title" title="Change password" headingClassName="h5 fw-bold mb-1" bodyClassName="card-body p-4">
      <p className="text-secondary small mb-3">You stay signed in here; your other devices are signed out.</p>
      <Formik initialValues={initialValues} validationSchema={changePasswordSchema} onSubmit={onSubmit}>
        {({ isSubmitting }) => (
          <Form noValidate className="cc-settings-form">
            <TextField name="currentPassword" label="Current Password" type="password" autoComplete="current-password" />
            <TextField name="newPassword" label="New Password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
            <TextField name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" />
            <SubmitButton busy={isSubmitting} label="Change Password" busyLabel="Changing Password..." className="px-4" />
          </Form>
        )}
      </Formik>
    </CardSection>
  )
}
