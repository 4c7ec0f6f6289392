import { useNiches } from '../../lib/niches'
import { SelectField } from './select-field'

/** NicheSelect lists the niches sorted by name; the value is the niche _id. */
export function NicheSelect() {
  const { data: niches, error, isLoading } = useNiches()
  return (
    <SelectField
      name="niche"
      label="Creator Niche"
      placeholder={isLoading ? 'Loading niches…' : 'Select your niche'}
      options={(niches || []).map((n) => ({ value: n._id, label: n.name }))}
      note={error && <div className="form-text text-danger">Could not load niches. Please reload the page.</div>}
    />
  )
}
