import { Form, Formik } from 'formik'
import * as yup from 'yup'
import { TextField } from '../../../components/form/text-field'
import { Reveal } from '../../../components/reveal'
import { FormActions } from '../../../components/form/form-actions'
import { showServerError } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { useCreateBrand } from '../api/create-brand'

const schema = yup.object({
  brandName: yup.string().trim().required('Brand name is required'),
  name: yup.string().trim().required('Full name is required'),
  email: yup.string().trim().required('Email is required').email('Invalid email'),
})

/** CreateBrand is the admin's "Create brand" button and form: a brand and its BRAND_ADMIN, who gets an invitation mail. */
export function CreateBrand() {
  return (
    <Reveal label="Create brand" className="btn btn-primary">
      {(close) => <CreateBrandForm onClose={close} />}
    </Reveal>
  )
}

/** @param {{onClose: () => void}} props */
function CreateBrandForm({ onClose }) {
  const create = useCreateBrand()
  /**
   * @param {import('../../../lib/api-types').Body<'/api/admins/brands', 'post'>} values
   * @param {import('formik').FormikHelpers<any>} helpers
   */
  const onSubmit = async (values, helpers) => {
    try {
      const out = await create({ brandName: values.brandName.trim(), name: values.name.trim(), email: values.email.trim() })
      toast.success(out?.message || 'Brand created')
      onClose()
    } catch (err) {
      showServerError(err, helpers, 'Could not create the brand. Please try again.')
    }
  }
  return (
    <Formik initialValues={{ brandName: '', name: '', email: '' }} validationSchema={schema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <Form noValidate className="card border-0 shadow-sm p-3 mb-3" aria-label="Create brand">
          <div className="row g-2">
            <div className="col-md-4">
              <TextField name="brandName" label="Brand name" />
            </div>
            <div className="col-md-4">
              <TextField name="name" label="Brand admin's full name" />
            </div>
            <div className="col-md-4">
              <TextField name="email" label="Brand admin's email" type="email" autoComplete="off" />
            </div>
          </div>
          <FormActions busy={isSubmitting} label="Create brand and invite" busyLabel="Creating…" onCancel={onClose} />
        </Form>
      )}
    </Formik>
  )
}
