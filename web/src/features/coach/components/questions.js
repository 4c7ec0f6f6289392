/** QUESTIONS are the questions the coach recognises, suggested before the first one is asked. */
export const QUESTIONS = [
  'How am I doing?',
  'Why did my views drop?',
  'Which platform is doing best?',
  'How does my engagement compare to similar creators?',
  'Who is my audience and when should I post?',
  'When will I reach my next follower milestone?',
  'What should I do next?',
  'Why is my audience-quality lower?',
]
