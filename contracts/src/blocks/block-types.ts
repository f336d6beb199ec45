import { object, string, number, type AnyObjectSchema } from 'yup';

/**
 * The block registry: each block type a page can hold, with the schema of its props. The admin
 * builds its forms from these schemas and the command side validates against them. The full
 * block library plugs into this same table.
 */
export interface BlockTypeDefinition {
  id: string;
  label: string;
  props: AnyObjectSchema;
}

export const blockTypes = {
  heading: {
    id: 'heading',
    label: 'Heading',
    props: object({
      text: string().required('V_01').max(254, 'V_11'),
      level: number().integer('V_12').min(1, 'V_12').max(6, 'V_12').default(2),
    }),
  },
  text: {
    id: 'text',
    label: 'Rich text',
    props: object({
      html: string().default('').max(100_000, 'V_14'),
    }),
  },
  image: {
    id: 'image',
    label: 'Image',
    props: object({
      url: string().required('V_01').max(2048, 'V_14'),
      alt: string().default('').max(254, 'V_11'),
      caption: string().default('').max(254, 'V_11'),
    }),
  },
} satisfies Record<string, BlockTypeDefinition>;

export type BlockTypeId = keyof typeof blockTypes;

export function blockType(id: string): BlockTypeDefinition | undefined {
  return (blockTypes as Record<string, BlockTypeDefinition>)[id];
}
