import { FieldArray, Form, Formik, getIn, useFormikContext } from 'formik'
import { Link } from 'react-router-dom'
import { useKit } from '../api/get-kit'
import { useSaveKit } from '../api/save-kit'
import { kitSchema, SHOW_FIELDS, bodyOf, valuesOf } from './kit-schema'
import { CampaignFigures } from './kit-campaigns'
import { saveForm } from '../../../lib/save-form'
import { TextField } from '../../../components/form/text-field'
import { RemoveButton } from '../../../components/form/remove-button'
import { TextAreaField } from '../../../components/form/textarea-field'
import { CheckboxField } from '../../../components/form/choice-fields'
import { FieldError } from '../../../components/form/field'
import { SubmitButton } from '../../../components/form/submit-button'
import { ListState } from '../../../components/list-state'
import { CardSection } from '../../../components/card-section'
import { PLATFORM_NAMES } from '../../../config/platforms'

/** SUGGESTED_LINES start an empty rate card. */
const SUGGESTED_LINES = ['One Instagram post', 'One YouTube video', '30 days of usage']

/**
 * ArrayChecks is a fieldset of checkboxes bound to an array of values (`options`: {value, label, note?}).
 * @param {{name: string, legend: string, options: {value: string, label: string, note?: import('react').ReactNode}[], empty: string}} props
 */
function ArrayChecks({ name, legend, options, empty }) {
  const { values, setFieldValue } = useFormikContext()
  /** @type {string[]} */
  const selected = getIn(values, name) || []
  /** @param {string} v */
  const toggle = (v) => setFieldValue(name, selected.includes(v) ? selected.filter((x) => x !== v) : [...selected, v])
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-2">{legend}</legend>
      {options.length === 0 && <p className="small text-secondary mb-0">{empty}</p>}
      {options.map((o) => {
        const id = `${name}-${o.value}`
        return (
          <div key={o.value} className="form-check mb-2">
            <input id={id} type="checkbox" className="form-check-input" checked={selected.includes(o.value)} onChange={() => toggle(o.value)} />
            <label className="form-check-label" htmlFor={id}>
              {o.label}
              {o.note && <span className="d-block small text-secondary">{o.note}</span>}
            </label>
          </div>
        )
      })}
      <FieldError name={name} />
    </fieldset>
  )
}

/** RateCardEditor edits the rate card: a deliverable and its price per line. */
function RateCardEditor() {
  /** @type {import('formik').FormikContextType<import('./kit-schema').KitValues>} */
  const { values } = useFormikContext()
  return (
    <FieldArray name="rateCard">
      {({ push, remove }) => (
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-2">Rate card</legend>
          <p className="small text-secondary">Your price per deliverable. Brands book a line of it as a draft offer at that price.</p>
          {values.rateCard.map((line, i) => (
            <div key={line.id || `new-${i}`} className="row g-2 align-items-start cc-kit-line">
              <div className="col-12 col-sm-6">
                <TextField name={`rateCard.${i}.label`} label={`Deliverable ${i + 1}`} maxLength={80} />
              </div>
              <div className="col-8 col-sm-4">
                <TextField name={`rateCard.${i}.price`} label={`Price ${i + 1}`} type="number" min="0.01" step="0.01" prefix="$" inputMode="decimal" />
              </div>
              <div className="col-4 col-sm-2 pt-sm-4 mt-sm-2">
                <RemoveButton className="w-100" label={`Remove line ${i + 1}`} onClick={() => remove(i)} />
              </div>
            </div>
          ))}
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => push({ label: '', price: '' })} disabled={values.rateCard.length >= 20}>
              Add a line
            </button>
            {values.rateCard.length === 0 &&
              SUGGESTED_LINES.map((label) => (
                <button key={label} type="button" className="btn btn-outline-secondary btn-sm" onClick={() => push({ label, price: '' })}>
                  Add “{label}”
                </button>
              ))}
          </div>
          {typeof getIn(values, 'rateCard') === 'string' && <FieldError name="rateCard" />}
        </fieldset>
      )}
    </FieldArray>
  )
}

/**
 * KitSettings is the creator's "Media kit" page: the address (/kit/{slug}), the publish switch (off by default),
 * search engines, which fields to show, handles, past campaigns and the rate card.
 */
export function KitSettings() {
  const swr = useKit()
  const save = useSaveKit()
  /**
   * @param {import('./kit-schema').KitValues} values
   * @param {import('formik').FormikHelpers<import('./kit-schema').KitValues>} helpers
   */
  const onSubmit = (values, helpers) =>
    saveForm(
      helpers,
      async () => {
        const { kit } = await save(bodyOf(values))
        return { message: kit?.published ? 'Media kit saved and published' : 'Media kit saved (not published)', values: valuesOf(kit) }
      },
      'Could not save your media kit. Please try again.',
    )
  return (
    <CardSection titleId="cc-kit-title" title="Media kit" bodyClassName="card-body p-3 p-md-4">
      <ListState swr={swr} loadingLabel="Loading your media kit">
        {(data) => (
          <Formik initialValues={valuesOf(data.kit)} validationSchema={kitSchema} onSubmit={onSubmit} enableReinitialize={false}>
            {({ isSubmitting, values }) => (
              <Form noValidate className="cc-settings-form">
                <p className="text-secondary">
                  A public page with the figures you choose, for brands to book you. Nothing is public until you publish it; unpublishing hides it at once.
                </p>
                <TextField name="slug" label="Address" prefix="/kit/" autoComplete="off" hint="3 to 30 letters, digits, '-' or '_'" />
                <Switch name="published" label="Published" className="mb-2" />
                <Switch name="searchEngines" label="Let search engines list my kit" className="mb-3" />
                {data.kit?.published && data.kit.slug && (
                  <p className="small">
                    Live at <Link to={`/kit/${data.kit.slug}`}>/kit/{data.kit.slug}</Link>
                  </p>
                )}
                <TextAreaField name="bio" label="Bio" limit={600} rows={3} />
                <fieldset className="mb-3">
                  <legend className="form-label fs-6 mb-2">Show on the kit</legend>
                  {SHOW_FIELDS.map((f) => (
                    <CheckboxField key={f.key} name={`show.${f.key}`}>
                      {f.label}
                    </CheckboxField>
                  ))}
                  <p className="small text-secondary mb-0">Your e-mail and account are never shown.</p>
                </fieldset>
                <ArrayChecks
                  name="handles"
                  legend="Handles to show"
                  empty="No handles yet: connect an account first."
                  options={data.handles.map((h) => ({ value: h.platform, label: `${PLATFORM_NAMES[h.platform] || h.platform}: @${h.handle.replace(/^@/, '')}` }))}
                />
                <ArrayChecks
                  name="campaignIds"
                  legend="Past campaigns to show"
                  empty="No completed campaigns yet."
                  options={data.campaigns.map((c) => ({
                    // The creator's own settings always carry the campaign's id.
                    value: c.campaignId ?? '',
                    label: `${c.named ? `${c.brand}: ${c.campaign}` : `${c.brand} (the brand is not named)`} · ${c.period}`,
                    note: <CampaignFigures campaign={c} />,
                  }))}
                />
                <RateCardEditor />
                <SubmitButton busy={isSubmitting} label={values.published ? 'Save and publish' : 'Save'} busyLabel="Saving..." className="px-4" />
              </Form>
            )}
          </Formik>
        )}
      </ListState>
    </CardSection>
  )
}

/**
 * Switch is a formik boolean as a Bootstrap switch; `className` spaces it.
 * @param {{name: string, label: string, className: string}} props
 */
function Switch({ name, label, className }) {
  const { getFieldProps } = useFormikContext()
  return (
    <div className={`form-check form-switch ${className}`}>
      <input id={`kit-${name}`} className="form-check-input" type="checkbox" role="switch" {...getFieldProps({ name, type: 'checkbox' })} />
      <label className="form-check-label" htmlFor={`kit-${name}`}>
        {label}
      </label>
    </div>
  )
}
