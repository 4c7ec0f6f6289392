import { Component } from 'react'

const RELOAD_KEY = 'chunk_reload_at'

function isChunkError(error) {
  return /dynamically imported module|Importing a module script failed|Failed to fetch|error loading/i.test(
    String(error?.message || error),
  )
}

/**
 * ErrorBoundary catches render errors. A lazy chunk that fails to load (a new
 * deploy, a dropped connection) reloads the page once; anything else shows a
 * reload button instead of a blank page.
 */
export class ErrorBoundary extends Component {
  state = { error: null }

  static getDerivedStateFromError(error) {
    return { error }
  }

  componentDidCatch(error) {
    if (!isChunkError(error)) return
    const last = Number(sessionStorage.getItem(RELOAD_KEY) || 0)
    if (Date.now() - last > 10000) {
      sessionStorage.setItem(RELOAD_KEY, String(Date.now()))
      window.location.reload()
    }
  }

  render() {
    if (!this.state.error) return this.props.children
    return (
      <div className="cc-fullscreen d-flex flex-column align-items-center justify-content-center text-center p-4" role="alert">
        <p className="fw-semibold mb-1">Something went wrong while loading this page.</p>
        <p className="text-secondary">Please check your connection and reload.</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    )
  }
}
