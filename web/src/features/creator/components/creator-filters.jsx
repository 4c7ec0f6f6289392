import { useId, useState } from 'react'
import { useNiches } from '../../../lib/niches'
import { GENDERS, PLATFORMS, READINGS, SORTS, TIERS, activeFilterCount } from './creator-options'
import { FilterControl } from '../../../components/filter-control'

/**
 * CreatorFilters: search and sort always visible; the other filters fold away on phones.
 * @param {{filters: import('./creator-options').Filters, onChange: (filters: import('./creator-options').Filters) => void, onClear: () => void}} props
 */
export function CreatorFilters({ filters, onChange, onClear }) {
  const [open, setOpen] = useState(false)
  const { data: niches } = useNiches()
  const nicheListId = useId()
  const active = activeFilterCount({ ...filters, search: '' })
  /** @typedef {keyof import('./creator-options').Filters} Name */
  /** @param {Name} name */
  const set = (name) => (/** @type {import('react').ChangeEvent<HTMLInputElement | HTMLSelectElement>} */ e) => onChange({ ...filters, [name]: e.target.value })
  /**
   * @param {Name} name
   * @param {string} label
   * @param {Record<string, unknown>} props
   */
  const control = (name, label, props) => (
    <FilterControl id={`f-${name}`} label={label} className="cc-filter" value={filters[name]} onChange={set(name)} {...props} />
  )
  /**
   * @param {Name} name
   * @param {string} label
   * @param {string} all
   * @param {{value: string, label: string}[]} options
   */
  const select = (name, label, all, options) => control(name, label, { controlClassName: 'form-select cc-input', options: [{ value: '', label: all }, ...options] })
  /**
   * @param {Name} name
   * @param {string} label
   * @param {Record<string, unknown>} [props]
   */
  const text = (name, label, props = {}) => control(name, label, { controlClassName: 'form-control cc-input', ...props })

  return (
    <section className="card border-0 shadow-sm" aria-label="Creator filters">
      <div className="card-body p-3">
        <div className="d-flex flex-wrap gap-2 align-items-end" role="search">
          <div className="flex-grow-1" style={{ flexBasis: 220 }}>
            <label className="visually-hidden" htmlFor="f-search">
              Search creators
            </label>
            <input id="f-search" type="search" className="form-control cc-input" placeholder="Search by name, e-mail or handle" value={filters.search} onChange={set('search')} />
          </div>
          <FilterControl
            id="f-sort"
            label="Sort by"
            frameStyle={{ width: 190 }}
            className="flex-grow-1 flex-md-grow-0"
            labelClassName="visually-hidden"
            controlClassName="form-select cc-input"
            options={SORTS}
            value={filters.sort}
            onChange={set('sort')}
          />
          <button type="button" className="btn btn-outline-primary cc-input d-md-none" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            Filters{active ? ` (${active})` : ''}
          </button>
        </div>
        <div className={`cc-filter-grid mt-3${open ? '' : ' d-none d-md-grid'}`}>
          <div className="cc-filter">
            <label className="form-label small mb-1" htmlFor="f-niche">
              Niche
            </label>
            <input id="f-niche" className="form-control cc-input" list={nicheListId} placeholder="Any niche" value={filters.niche} onChange={set('niche')} />
            <datalist id={nicheListId}>
              {(niches || []).map((n) => (
                <option key={n._id} value={n.name} />
              ))}
            </datalist>
          </div>
          {select('tier', 'Tier', 'All tiers', TIERS)}
          {select('platform', 'Platform', 'All platforms', PLATFORMS)}
          {select('gender', 'Audience gender', 'Any audience', GENDERS)}
          {text('minFollowers', 'Min followers', { type: 'number', min: 0, step: 1000, inputMode: 'numeric', placeholder: '0' })}
          {text('maxFollowers', 'Max followers', { type: 'number', min: 0, step: 1000, inputMode: 'numeric', placeholder: 'Any' })}
          {text('minEngagement', 'Min engagement (%)', { type: 'number', min: 0, step: 0.1, inputMode: 'decimal', placeholder: '0' })}
          {text('location', 'Location', { placeholder: 'City or country' })}
          {select('verified', 'Audience quality', 'Any creator', READINGS)}
          {text('minQuality', 'Min audience quality (0–100)', { type: 'number', min: 0, max: 100, step: 1, inputMode: 'numeric', placeholder: 'Any' })}
        </div>
        {activeFilterCount(filters) > 0 && (
          <div className="d-flex justify-content-end mt-2">
            <button type="button" className="btn btn-sm btn-link px-0" onClick={onClear}>
              Clear filters
            </button>
          </div>
        )}
      </div>
    </section>
  )
}
