import { FieldArray, getIn, useFormikContext } from 'formik'
import { useNiches } from '../../../lib/niches'
import { TextField } from '../../../components/form/text-field'
import { RemoveButton } from '../../../components/form/remove-button'
import { SelectField } from '../../../components/form/select-field'
import { TextAreaField } from '../../../components/form/textarea-field'
import { BRIEF_MAX, PLATFORMS } from './campaign-options'

/** NicheChoice is the criteria's niches: pill checkboxes holding niche ids, labelled by name. */
function NicheChoice() {
  const { values, setFieldValue } = useFormikContext()
  const { data: niches = [] } = useNiches()
  /** @type {string[]} */
  const chosen = getIn(values, 'creatorCriteria.niches') || []
  const toggle = (/** @type {string} */ id) => setFieldValue('creatorCriteria.niches', chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id])
  return (
    <fieldset className="mb-3 cc-field">
      <legend className="form-label fs-6 mb-2">Niches the roster starts from</legend>
      <div className="d-flex flex-wrap gap-2">
        {niches.map((n) => (
          <span key={n._id}>
            <input id={`niche-${n._id}`} type="checkbox" className="btn-check" checked={chosen.includes(n._id)} onChange={() => toggle(n._id)} autoComplete="off" />
            <label htmlFor={`niche-${n._id}`} className="btn btn-sm rounded-pill cc-chip">
              {n.name}
            </label>
          </span>
        ))}
      </div>
      <div className="form-text">None chosen: any niche.</div>
    </fieldset>
  )
}

/**
 * OfferTermsFields are what an offer needs from the campaign: the deliverables
 * (posts per platform, each due by a date inside the campaign), the creator
 * criteria the roster starts from and the brief a creator reads.
 */
export function OfferTermsFields() {
  const { values } = /** @type {import('formik').FormikContextType<import('./campaign-values').CampaignValues>} */ (useFormikContext())
  const used = values.deliverables.map((d) => d.platform)
  return (
    <>
      <FieldArray name="deliverables">
        {({ push, remove }) => (
          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-2">Deliverables</legend>
            {values.deliverables.map((d, i) => (
              <div key={i} className="row g-2 align-items-start" data-testid="deliverable">
                <div className="col-12 col-md-4">
                  <SelectField name={`deliverables.${i}.platform`} label="Platform" options={PLATFORMS.filter((p) => p.value === d.platform || !used.includes(p.value))} />
                </div>
                <div className="col-5 col-md-3">
                  <TextField name={`deliverables.${i}.posts`} label="Posts" type="number" inputMode="numeric" min={1} max={20} step="1" />
                </div>
                <div className="col-7 col-md-4">
                  <TextField name={`deliverables.${i}.dueDate`} label="Due by" type="date" min={values.duration.startDate || undefined} max={values.duration.endDate || undefined} />
                </div>
                <div className="col-12 col-md-1 pt-md-4">
                  <RemoveButton className="mt-md-2" label={`Remove deliverable ${i + 1}`} onClick={() => remove(i)} />
                </div>
              </div>
            ))}
            {values.deliverables.length < PLATFORMS.length && (
              <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => push({ platform: '', posts: 1, dueDate: values.duration.endDate || '' })}>
                Add deliverable
              </button>
            )}
          </fieldset>
        )}
      </FieldArray>
      <NicheChoice />
      <TextField name="creatorCriteria.minFollowers" label="Minimum followers" required={false} type="number" inputMode="numeric" min={0} step="1" hint="The roster leaves out creators with fewer followers." />
      <TextAreaField name="brief" label="Brief for creators" required={false} limit={BRIEF_MAX} placeholder="What the post is about, key messages, what to show" />
    </>
  )
}
