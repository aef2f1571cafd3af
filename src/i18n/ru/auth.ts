/** Sign-in and registration (src/features/auth), with the server's codes for refused account data. */
export const login = {
  title: 'Вход',
  email: 'Почта',
  password: 'Пароль',
  submit: 'Войти',
  submitting: 'Входим...',
  badCredentials: 'Неверная почта или пароль',
  tooManyAttempts: 'Слишком много попыток входа. Подождите немного и попробуйте снова.',
  /** The wait the server named (`Retry-After`): 'через 1 секунду', 'через 3 секунды', 'через 15 секунд'. */
  tooManyAttemptsWait: (seconds: number, form: 'one' | 'few' | 'many') =>
    `Слишком много попыток входа. Попробуйте снова через ${seconds} ${{ one: 'секунду', few: 'секунды', many: 'секунд' }[form]}.`,
  unavailable: 'Сервер недоступен. Проверьте соединение и попробуйте снова.',
  noAccount: 'Нет аккаунта?',
  toRegister: 'Зарегистрироваться',
} as const;

export const register = {
  title: 'Регистрация',
  username: 'Логин',
  email: 'Почта',
  password: 'Пароль',
  passwordHint: 'Не короче 8 символов',
  submit: 'Зарегистрироваться',
  submitting: 'Регистрируем...',
  success: 'Успешно зарегистрирован!',
  failed: 'Не удалось зарегистрироваться',
  unavailable: 'Сервер недоступен. Проверьте соединение и попробуйте снова.',
  haveAccount: 'Уже есть аккаунт?',
  toLogin: 'Войти',
  // What the server's `detail` codes and validation sentences mean, in words a user reads.
  emailTaken: 'Пользователь с такой почтой уже существует',
  usernameTaken: 'Пользователь с таким логином уже существует',
  badEmail: 'Проверьте адрес почты',
  badUsername: 'Логин не может быть пустым и длиннее 64 символов',
  badPassword: 'Пароль должен быть не короче 8 символов',
  tooManyAttempts: 'Слишком много попыток. Подождите немного и попробуйте снова.',
} as const;

// The server's codes for refused account data (registration, password change).
export const accountData = {
  USERNAME_INVALID_CHARACTERS: 'Логин содержит невидимые или управляющие символы',
  USERNAME_MIXED_SCRIPTS: 'Логин не может смешивать латиницу, кириллицу и греческие буквы',
  USERNAME_EMPTY: 'Логин не может быть пустым',
  PASSWORD_TOO_SHORT: 'Пароль должен быть не короче 8 символов',
  PASSWORD_BLANK: 'Пароль не может состоять из одних пробелов',
  PASSWORD_TOO_COMMON: 'Этот пароль слишком распространён, выберите другой',
} as const;
