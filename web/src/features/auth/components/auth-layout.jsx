import { Outlet } from 'react-router-dom'
import { PRODUCT_NAME } from '../../../config/app'

/** AuthLayout: promo panel (large screens only) beside the form panel. */
export function AuthLayout() {
  return (
    <div className="container-fluid cc-auth">
      <div className="row min-vh-100">
        <aside className="col-lg-6 d-none d-lg-flex cc-auth-promo flex-column justify-content-between p-5 text-white">
          <Brand light />
          <div>
            <h2 className="display-5 fw-bold mb-3">Your Personal Creator Coach</h2>
            <p className="lead mb-0 opacity-75">Powered by your own platform data</p>
          </div>
          <ul className="list-unstyled small opacity-75 mb-0 cc-auth-points">
            <li>Campaigns and creators in one place</li>
            <li>Insights from the accounts you connect</li>
          </ul>
        </aside>
        <main className="col-12 col-lg-6 d-flex flex-column align-items-center cc-auth-main py-4 px-3 px-sm-4">
          <div className="w-100 cc-auth-panel">
            <div className="d-lg-none mb-4">
              <Brand />
            </div>
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  )
}

/**
 * @param {{light?: boolean}} props
 */
function Brand({ light }) {
  return (
    <div className={`d-flex align-items-center gap-2 fw-bold fs-5 ${light ? 'text-white' : 'text-dark'}`}>
      <span className="cc-logo" aria-hidden="true">
        CC
      </span>
      {PRODUCT_NAME}
    </div>
  )
}
