// The problem-document writer is shared with the services' internal HTTP ports.
export { HttpProblem, sendProblem, type Problem } from '@inbox/platform';
