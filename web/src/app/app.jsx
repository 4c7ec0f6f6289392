import { useEffect } from 'react'
import { BrowserRouter } from 'react-router-dom'
import { Toaster, showFlash } from '../lib/toast'
import { AppRoutes } from './app-routes'
import { ErrorBoundary } from './error-boundary'

export function App() {
  useEffect(() => showFlash(), [])
  return (
    <BrowserRouter>
      <ErrorBoundary>
        <AppRoutes />
      </ErrorBoundary>
      <Toaster />
    </BrowserRouter>
  )
}
