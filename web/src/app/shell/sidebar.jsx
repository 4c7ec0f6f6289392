import { NavLink } from 'react-router-dom'
import { useAuth } from '../../lib/auth-store'
import { toast } from '../../lib/toast'
import { isBrandRole } from '../../config/roles'
import { navItems } from '../../config/routes'
import { PRODUCT_NAME } from '../../config/app'
import { Icon } from './icon'
import { NavUnread } from '../../components/thread-link'

/**
 * SidebarContent is shared by the permanent sidebar and the mobile drawer.
 * @param {{onNavigate?: () => void, onLogout: () => void, onClose?: () => void}} props
 */
export function SidebarContent({ onNavigate, onLogout, onClose }) {
  const { role } = useAuth()
  const items = navItems(role)
  return (
    <div className="d-flex flex-column h-100 p-3">
      <div className="d-flex align-items-center gap-2 fw-bold fs-5 px-2 mb-4">
        <span className="cc-logo" aria-hidden="true">CC</span>
        <span className="flex-grow-1">{PRODUCT_NAME}</span>
        {onClose && <button type="button" className="btn-close" aria-label="Close menu" onClick={onClose} />}
      </div>
      <nav aria-label="Main" className="flex-grow-1">
        <ul className="nav flex-column gap-1">
          {items.map((item) => (
            <li key={item.to} className="nav-item">
              <NavLink to={item.to} className="nav-link cc-nav-link" onClick={onNavigate}>
                <Icon name={item.icon} />
                <span>{item.label}</span>
                <NavUnread to={item.to} />
              </NavLink>
            </li>
          ))}
          <li className="nav-item">
            <button type="button" className="nav-link cc-nav-link w-100 text-start" onClick={onLogout}>
              <Icon name="logout" />
              <span>Logout</span>
            </button>
          </li>
        </ul>
      </nav>
      {isBrandRole(role) && <GrowthPlanCard />}
    </div>
  )
}

/** GrowthPlanCard is static placeholder text for brand roles; billing is not built yet. */
function GrowthPlanCard() {
  return (
    <section className="card border-0 cc-plan mt-3" aria-label="Growth Plan">
      <div className="card-body p-3">
        <p className="fw-bold mb-1">Growth Plan</p>
        <p className="small mb-2">$8,500 / $10,000 monthly budget</p>
        <div className="progress mb-3" role="progressbar" aria-label="Monthly budget used" aria-valuenow={85} aria-valuemin={0} aria-valuemax={100} style={{ height: 6 }}>
          <div className="progress-bar bg-white" style={{ width: '85%' }} />
        </div>
        <button type="button" className="btn btn-light btn-sm w-100 fw-semibold" onClick={() => toast.info('Plan upgrades are not available yet.')}>
          Upgrade
        </button>
      </div>
    </section>
  )
}
