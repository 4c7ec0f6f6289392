import { useEffect } from 'react'
import { BrowserRouter } from 'react-router-dom'
import { Toaster, showFlash } from '../lib/toast'
import { AppRoutes } from './app-routes'

export function App() {
  useEffect(() => showFlash(), [])
  return (
    <BrowserRouter>
      <AppRoutes />
      <Toaster />
    </BrowserRouter>
  )
}
