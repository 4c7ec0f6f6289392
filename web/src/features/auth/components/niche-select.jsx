import { useField } from 'formik'
import { useNiches } from '../api/get-niches'

/** NicheSelect lists the niches sorted by name; the value is the niche _id. */
export function NicheSelect() {
  const [field, meta] = useField('niche')
  const { data: niches, error, isLoading } = useNiches()
  const invalid = Boolean(meta.touched && meta.error)
  return (
    <div className="mb-3 cc-field">
      <label htmlFor="field-niche" className="form-label cc-required">
        Creator Niche
      </label>
      <select id="field-niche" className={`form-select cc-input${invalid ? ' is-invalid' : ''}`} {...field}>
        <option value="">{isLoading ? 'Loading niches…' : 'Select your niche'}</option>
        {(niches || []).map((n) => (
          <option key={n._id} value={n._id}>
            {n.name}
          </option>
        ))}
      </select>
      {error && <div className="form-text text-danger">Could not load niches. Please reload the page.</div>}
      {invalid && <div className="invalid-feedback d-block">{meta.error}</div>}
    </div>
  )
}
