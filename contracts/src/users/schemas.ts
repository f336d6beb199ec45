import { object, string, ref } from 'yup';

/** Password rules: spec section 5 (V_10, V_09, V_11). Common passwords are refused by the command side (AUTH_04). */
export const passwordRule = () =>
  string()
    .required('V_01')
    .min(9, 'V_10')
    .max(254, 'V_11')
    .matches(/[A-Z]/, 'V_09')
    .matches(/[^A-Za-z0-9]/, 'V_09');

const email = () => string().trim().lowercase().required('V_01').max(254, 'V_11').email('V_02');
const text = () => string().trim().default('').max(254, 'V_11');
const requiredText = () => string().trim().required('V_01').max(254, 'V_11');

export const loginSchema = object({
  email: string().trim().lowercase().required('V_01').max(254, 'V_11'),
  password: string().required('V_01').max(1024, 'V_14'),
});

export const forgotPasswordSchema = object({ email: email() });

export const resetAccountSchema = object({
  password: passwordRule(),
  confirm: string().required('V_01').oneOf([ref('password')], 'V_03'),
  token: string().required('V_01').max(512, 'V_04'),
});

/** First-run setup: the one-time link's token and the first administrator. */
export const setupSchema = object({
  token: string().required('V_01').max(512, 'V_04'),
  name: requiredText(),
  email: email(),
  password: passwordRule(),
  confirm: string().required('V_01').oneOf([ref('password')], 'V_03'),
});

const profile = () =>
  object({
    name: requiredText(),
    jobTitle: text(),
    /** Ignored on input: the image has calls of its own. */
    image: string().nullable().optional(),
  });

/** POST /user: {email, role, profile{name, jobTitle, image}}. */
export const createUserSchema = object({
  email: email(),
  role: string().required('V_01').max(64, 'V_12'),
  profile: profile().required('V_01'),
});

/** POST /auth/register: the registration payload {name, email, role, jobTitle, image}. */
export const registerSchema = object({
  name: requiredText(),
  email: email(),
  role: string().required('V_01').max(64, 'V_12'),
  jobTitle: text(),
  image: string().nullable().optional(),
});

/**
 * PUT /user/{id}: the same body as create, every part optional, plus the password change of the
 * personal settings (currentPassword, newPassword, confirmNewPassword).
 */
export const updateUserSchema = object({
  email: string().trim().lowercase().max(254, 'V_11').email('V_02').optional(),
  role: string().max(64, 'V_12').optional(),
  profile: object({
    name: string().trim().min(1, 'V_01').max(254, 'V_11').optional(),
    jobTitle: string().trim().max(254, 'V_11').optional(),
    image: string().nullable().optional(),
  })
    .default(undefined)
    .optional(),
  currentPassword: string().max(1024, 'V_14').optional(),
  newPassword: string()
    .optional()
    .when('currentPassword', {
      is: (v: unknown) => typeof v === 'string' && v.length > 0,
      then: () => passwordRule(),
    }),
  confirmNewPassword: string()
    .optional()
    .when('newPassword', {
      is: (v: unknown) => typeof v === 'string' && v.length > 0,
      then: (s) => s.required('V_01').oneOf([ref('newPassword')], 'V_08'),
    }),
});

/** The paginated list's query (spec sections 4 and 9). */
export const listQuerySchema = object({
  pageIndex: string().matches(/^\d{1,6}$/, 'V_12').optional(),
  pageSize: string().matches(/^\d{1,3}$/, 'V_12').optional(),
  searchTerm: string().max(254, 'V_11').optional(),
  columnToSort: string().max(64, 'V_12').optional(),
  sortOrder: string().oneOf(['asc', 'desc', ''], 'V_12').optional(),
});

export const DEFAULT_PAGE_SIZE = 25;
