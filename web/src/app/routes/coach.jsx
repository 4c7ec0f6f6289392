import { CoachChat } from '../../features/coach/components/coach-chat'

export default function CoachRoute() {
  return <CoachChat />
}
