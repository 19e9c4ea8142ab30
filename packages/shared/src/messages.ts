/** User-facing messages of spec 8 that more than one side of the app shows. */
export const MESSAGES = {
  incorrectCredentials: 'Incorrect username or password',
  loginFailed: 'Login failed',
  networkError: 'Network error',
  malformedToken: 'Received malformed token',
  loginSuccess: 'Login successful!',
  signupServerError: 'Internal server error. Please try again later.',
  signupFailed: 'Registration failed',
  signupSuccess: 'Account created successfully!',
  tokenExpired: 'Token expired',
  loadUserFailed: 'Failed to load user',
  sessionRequired: 'Please log in to continue.',
  unexpectedError: 'Unexpected Application Error!',
  userNameTaken: 'Username is already taken.',
  emailTaken: 'Email is already registered.',
  serverError: 'Something went wrong on our side. Please try again.',
} as const;
