import { Form, Formik, useFormikContext } from 'formik'
import { Link } from 'react-router-dom'
import { useBrandConsent, useSetBrandConsent } from '../api/brand-consent'
import { saveForm } from '../../../lib/save-form'
import { TextField } from '../../../components/form/text-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { ListState } from '../../../components/list-state'
import { CardSection } from '../../../components/card-section'

/** INDUSTRY_RE is the server's rule for the industry: up to 40 letters, spaces, '-' or '&'. */
const INDUSTRY_RE = /^[\p{L} &-]{0,40}$/u

/**
 * unnamedAs is how a kit names a brand without its consent: "a fashion brand", "a brand" without an industry.
 * @param {string | null | undefined} industry
 */
export function unnamedAs(industry) {
  const i = (industry || '').trim().toLowerCase()
  return i ? `a ${i} brand` : 'a brand'
}

/** @typedef {import('../../../lib/api-types').Schema<'KitConsent'>} ConsentValues */

/**
 * validate checks the industry as the server does.
 * @param {ConsentValues} values
 */
function validate(values) {
  return INDUSTRY_RE.test(values.industry.trim()) ? {} : { industry: "Use up to 40 letters, spaces, '-' or '&'" }
}

/** ConsentChoice is the yes/no of naming the brand, as two radios. */
function ConsentChoice() {
  /** @type {import('formik').FormikContextType<ConsentValues>} */
  const { values, setFieldValue } = useFormikContext()
  const options = [
    { value: true, id: 'consent-yes', label: 'Yes, kits may name us', note: "Kits show your brand's name and the campaign's name." },
    { value: false, id: 'consent-no', label: 'No, do not name us', note: `Kits show “${unnamedAs(values.industry)}” and leave out the campaign's name.` },
  ]
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-2">May creators' media kits name your brand?</legend>
      {options.map((o) => (
        <div key={o.id} className="form-check mb-2">
          <input
            id={o.id}
            type="radio"
            name="namedInKits"
            className="form-check-input"
            checked={values.namedInKits === o.value}
            onChange={() => setFieldValue('namedInKits', o.value)}
          />
          <label className="form-check-label" htmlFor={o.id}>
            {o.label}
            <span className="d-block small text-secondary">{o.note}</span>
          </label>
        </div>
      ))}
    </fieldset>
  )
}

/**
 * KitList lists the published kits that show the brand's campaigns and how each names the brand now.
 * @param {{kits: import('../../../lib/api-types').Data<'/api/kit/brand-consent', 'get'>['kits'], consent: ConsentValues}} props
 */
function KitList({ kits, consent }) {
  if (kits.length === 0) {
    return <p className="text-secondary mb-4">No published media kit shows your campaigns yet.</p>
  }
  const shownAs = consent.namedInKits ? "your brand's name" : unnamedAs(consent.industry)
  return (
    <ul className="list-unstyled mb-4" aria-label="Media kits that show your campaigns">
      {kits.map((k) => (
        <li key={k.slug} className="border rounded p-3 mb-2">
          <Link to={`/kit/${k.slug}`} className="fw-semibold">
            {k.name}
          </Link>{' '}
          <span className="small text-secondary">/kit/{k.slug}</span>
          <p className="small mb-0">
            {k.campaigns.length === 1 ? 'Campaign' : 'Campaigns'}: {k.campaigns.join(', ')}. Shown as: <strong>{shownAs}</strong>
          </p>
        </li>
      ))}
    </ul>
  )
}

/**
 * BrandKitConsent is the brand's "Media kits" page (BRAND_ADMIN): the creators' published kits that show the
 * brand's past campaigns, and the brand's yes or no to being named in them (withdrawn by choosing no). Without
 * consent, kits name the brand by its industry.
 */
export function BrandKitConsent() {
  const swr = useBrandConsent()
  const save = useSetBrandConsent()
  /**
   * @param {ConsentValues} values
   * @param {import('formik').FormikHelpers<ConsentValues>} helpers
   */
  const onSubmit = (values, helpers) =>
    saveForm(
      helpers,
      async () => {
        const { consent } = await save({ namedInKits: values.namedInKits, industry: values.industry.trim() })
        const message = consent.namedInKits ? 'Kits may now name your brand' : 'Kits no longer name your brand'
        return { message, values: { namedInKits: consent.namedInKits, industry: consent.industry } }
      },
      'Could not save your choice. Please try again.',
    )
  return (
    <CardSection titleId="cc-brand-kits-title" title="Named in media kits" bodyClassName="card-body p-3 p-md-4">
      <ListState swr={swr} loadingLabel="Loading the media kits that show your campaigns">
        {(data) => (
          <>
            <p className="text-secondary">
              Creators may show your past campaigns with them on their public media kit. Your brand is named only if you agree; you can withdraw at any
              time and the kits stop naming you at once.
            </p>
            <h3 className="h6 fw-bold">Kits that show your campaigns</h3>
            <KitList kits={data.kits} consent={data.consent} />
            <Formik initialValues={{ namedInKits: data.consent.namedInKits, industry: data.consent.industry }} validate={validate} onSubmit={onSubmit}>
              {({ isSubmitting, dirty }) => (
                <Form noValidate className="cc-settings-form">
                  <ConsentChoice />
                  <TextField name="industry" label="Your industry" required={false} maxLength={40} hint="Named instead of your brand without consent, e.g. fashion" />
                  <SubmitButton busy={isSubmitting} disabled={!dirty} label="Save" busyLabel="Saving..." className="px-4" />
                </Form>
              )}
            </Formik>
          </>
        )}
      </ListState>
    </CardSection>
  )
}
