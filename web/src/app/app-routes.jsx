import { lazy, Suspense } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { FullScreenSpinner } from '../components/full-screen-spinner'
import { RedirectIfAuthenticated, RequireAuth, RequireRole } from './guards'

// Every screen is its own lazy chunk; /login needs only the auth layout and the login form.
const AuthLayout = lazy(() => import('./routes/auth-layout'))
const Login = lazy(() => import('./routes/login'))
const Signup = lazy(() => import('./routes/signup'))
const ForgotPassword = lazy(() => import('./routes/forgot-password'))
const VerifyEmail = lazy(() => import('./routes/verify-email'))
const VerifyOtp = lazy(() => import('./routes/verify-otp'))
const ResetPassword = lazy(() => import('./routes/reset-password'))
const PrivacyPolicy = lazy(() => import('./routes/privacy-policy'))
const Terms = lazy(() => import('./routes/terms-and-conditions'))
const RefundPolicy = lazy(() => import('./routes/refund-policy'))
const DeleteAccount = lazy(() => import('./routes/delete-account'))
const AppShell = lazy(() => import('./routes/app-shell'))
const Dashboard = lazy(() => import('./routes/dashboard'))
const Campaigns = lazy(() => import('./routes/campaigns'))
const CreateCampaign = lazy(() => import('./routes/create-campaign'))
const UpdateCampaign = lazy(() => import('./routes/update-campaign'))
const CreatorNetwork = lazy(() => import('./routes/creator-network'))
const Roster = lazy(() => import('./routes/roster'))
const AccountSettings = lazy(() => import('./routes/account-settings'))
const Offers = lazy(() => import('./routes/offers'))
const AdminCreators = lazy(() => import('./routes/admin-creators'))
const AdminBrands = lazy(() => import('./routes/admin-brands'))

/** SIGNED_IN_ROUTES: path → page; the role table lives in config/roles.js. */
const SIGNED_IN_ROUTES = [
  ['/dashboard', Dashboard],
  ['/campaigns', Campaigns],
  ['/create-campaign', CreateCampaign],
  ['/update-campaign/:id', UpdateCampaign],
  ['/creator-network', CreatorNetwork],
  ['/roaster', Roster],
  ['/account-settings', AccountSettings],
  ['/offers', Offers],
  ['/admin/creators', AdminCreators],
  ['/admin/brands', AdminBrands],
]

export function AppRoutes() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Routes>
        <Route path="/" element={<Navigate to="/login" replace />} />
        <Route path="/privacy-policy" element={<PrivacyPolicy />} />
        <Route path="/terms-and-conditions" element={<Terms />} />
        <Route path="/refund-policy" element={<RefundPolicy />} />
        <Route path="/delete-account" element={<DeleteAccount />} />
        <Route element={<AuthLayout />}>
          <Route
            path="/login"
            element={
              <RedirectIfAuthenticated>
                <Login />
              </RedirectIfAuthenticated>
            }
          />
          <Route path="/signup" element={<Signup />} />
          <Route path="/forgot-password" element={<ForgotPassword />} />
          <Route path="/verify-otp" element={<VerifyOtp />} />
          <Route path="/verify-email" element={<VerifyEmail />} />
          <Route path="/reset-password" element={<ResetPassword />} />
        </Route>
        <Route
          element={
            <RequireAuth>
              <AppShell />
            </RequireAuth>
          }
        >
          {SIGNED_IN_ROUTES.map(([path, Page]) => (
            <Route
              key={path}
              path={path}
              element={
                <RequireRole pattern={path}>
                  <Page />
                </RequireRole>
              }
            />
          ))}
          <Route path="/logout" element={<Navigate to="/dashboard" replace state={{ logout: true }} />} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Route>
      </Routes>
    </Suspense>
  )
}
