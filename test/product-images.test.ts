import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { makeCaller, snapshotDb, snapshotDiff, type Caller } from './helpers/route-fixtures.js';

let t: TestApp;
let owner: Caller;
let stranger: Caller;
let moderator: Caller;
let admin: Caller;
let product: { id: string; alias: string; brand: { alias: string } };

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://skin.example' });
  owner = await makeCaller(t, 'img-owner', 'brand');
  stranger = await makeCaller(t, 'img-stranger', 'brand');
  moderator = await makeCaller(t, 'img-moderator', 'moderator');
  admin = await makeCaller(t, 'img-admin', 'admin');
  product = ((await t.inject({ method: 'GET', url: '/products?limit=3' })).json() as { items: Array<typeof product> })
    .items[2];
  const handed = await t.inject({
    method: 'PATCH',
    url: `/brands/${product.brand.alias}/transfer_ownership`,
    payload: { to: owner.id },
    token: admin.token,
  });
  expect(handed.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

/** A JPEG with EXIF metadata (camera make and a GPS-like comment), larger than the large size. */
async function photo(width = 2400, height = 1600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#8fbc8f' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Alice at 48.8584N 2.2945E' } })
    .toBuffer();
}

/** A multipart/form-data body with one file part. */
function multipart(
  field: string,
  filename: string,
  type: string,
  data: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Links = { large: string; thumbnail: string; width: number; height: number };

async function upload(
  url: string,
  data: Buffer,
  token: string | undefined,
  filename = 'photo.jpg',
  type = 'image/jpeg',
) {
  return t.inject({ method: 'PATCH', url, ...multipart('image', filename, type, data), token });
}

const served = async (link: string) => t.inject({ method: 'GET', url: new URL(link).pathname });

describe('PATCH /products/:id_or_alias/product_image', () => {
  it('stores a multipart upload as WebP in two sizes, metadata stripped, linked on the product', async () => {
    const response = await upload(`/products/${product.alias}/product_image`, await photo(), owner.token);
    expect(response.statusCode).toBe(200);
    const links = (response.json() as { product_image: Links }).product_image;
    expect(links.large).toMatch(/^https:\/\/skin\.example\/images\/[0-9a-f-]{36}-1200\.webp$/);
    expect(links.thumbnail).toMatch(/-300\.webp$/);
    expect([links.width, links.height]).toEqual([1200, 800]);

    const large = await served(links.large);
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/webp');
    expect(large.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
    const meta = await sharp(large.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 800]);
    expect(meta.exif).toBeUndefined();
    expect(large.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    const thumb = await sharp((await served(links.thumbnail)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([300, 200]);

    const read = (await t.inject({ method: 'GET', url: `/products/${product.alias}` })).json() as {
      product_image: Links;
    };
    expect(read.product_image.large).toBe(links.large);
  });

  it('takes base64 JSON too, and a replaced image gets a new URL while the old files go', async () => {
    const before = (
      (await t.inject({ method: 'GET', url: `/products/${product.id}` })).json() as { product_image: Links }
    ).product_image;
    const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    const response = await t.inject({
      method: 'PATCH',
      url: `/products/${product.id}/product_image`,
      payload: { image: png.toString('base64') },
      token: moderator.token,
    });
    expect(response.statusCode).toBe(200);
    const links = (response.json() as { product_image: Links }).product_image;
    expect(links.large).not.toBe(before.large);
    expect([links.width, links.height]).toEqual([200, 100]);
    expect((await served(before.large)).statusCode).toBe(404);
    expect((await served(links.large)).statusCode).toBe(200);
  });

  it('judges by content, not by name or declared type: a text file named .jpg is a 400 and changes nothing', async () => {
    const before = await snapshotDb(t);
    const response = await upload(
      `/products/${product.alias}/product_image`,
      Buffer.from('GIF89a but not really an image'),
      owner.token,
      'cat.jpg',
      'image/jpeg',
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details?.field).toBe('image');
    const svg = await upload(
      `/products/${product.alias}/product_image`,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      owner.token,
      'x.svg',
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(400);
    expect(snapshotDiff(before, await snapshotDb(t))).toBeNull();
  });

  it('answers 413 over 10 MB', async () => {
    const response = await upload(
      `/products/${product.alias}/product_image`,
      Buffer.alloc(10 * 1024 * 1024 + 10, 1),
      owner.token,
    );
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it("is for the brand's owner, moderators and admins: 401 anonymous, 403 others, 404 unknown products", async () => {
    const image = await photo(50, 50);
    expect((await upload(`/products/${product.alias}/product_image`, image, undefined)).statusCode).toBe(401);
    expect((await upload(`/products/${product.alias}/product_image`, image, stranger.token)).statusCode).toBe(403);
    expect((await upload('/products/no-such-product/product_image', image, admin.token)).statusCode).toBe(404);
    expect(
      (await upload('/products/00000000-0000-7000-8000-000000000000/product_image', image, admin.token)).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /products/:id_or_alias/product_image', () => {
  it('removes the image and its files (403 for others, 204 again when there is none)', async () => {
    const links = (
      (await t.inject({ method: 'GET', url: `/products/${product.alias}` })).json() as { product_image: Links }
    ).product_image;
    expect(
      (await t.inject({ method: 'DELETE', url: `/products/${product.alias}/product_image`, token: stranger.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.inject({ method: 'DELETE', url: `/products/${product.alias}/product_image`, token: owner.token }))
        .statusCode,
    ).toBe(204);
    expect((await served(links.large)).statusCode).toBe(404);
    expect(
      ((await t.inject({ method: 'GET', url: `/products/${product.alias}` })).json() as { product_image: null })
        .product_image,
    ).toBeNull();
    expect(
      (await t.inject({ method: 'DELETE', url: `/products/${product.alias}/product_image`, token: owner.token }))
        .statusCode,
    ).toBe(204);
  });
});

describe('profile pictures', () => {
  it('the user sets and removes their own; shown on their public profile', async () => {
    const response = await upload(
      `/users/${owner.id}/profile_picture`,
      await photo(400, 400),
      owner.token,
      'me.png',
      'application/octet-stream',
    );
    expect(response.statusCode).toBe(200);
    const links = (response.json() as { profile_picture: Links }).profile_picture;
    expect([links.width, links.height]).toEqual([400, 400]);
    const profile = (await t.inject({ method: 'GET', url: `/users/${owner.username}` })).json() as {
      profile_picture: Links;
    };
    expect(profile.profile_picture.thumbnail).toBe(links.thumbnail);
    expect(
      (await t.inject({ method: 'DELETE', url: `/users/${owner.id}/profile_picture`, token: owner.token })).statusCode,
    ).toBe(204);
    expect(
      ((await t.inject({ method: 'GET', url: `/users/${owner.username}` })).json() as { profile_picture: null })
        .profile_picture,
    ).toBeNull();
  });

  it('another user gets 403, an admin may, an unknown user is a 404', async () => {
    const image = await photo(60, 60);
    expect((await upload(`/users/${owner.id}/profile_picture`, image, stranger.token)).statusCode).toBe(403);
    expect((await upload(`/users/${owner.id}/profile_picture`, image, moderator.token)).statusCode).toBe(403);
    expect((await upload(`/users/${owner.id}/profile_picture`, image, admin.token)).statusCode).toBe(200);
    expect(
      (await upload('/users/00000000-0000-7000-8000-000000000000/profile_picture', image, admin.token)).statusCode,
    ).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: `/users/${owner.id}/profile_picture` })).statusCode).toBe(401);
  });
});

describe('GraphQL', () => {
  it('sets a profile picture from base64 and exposes productImage and profilePicture', async () => {
    const png = (
      await sharp({ create: { width: 30, height: 30, channels: 3, background: '#123456' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const set = await t.inject({
      method: 'POST',
      url: '/graphql',
      token: stranger.token,
      payload: {
        query:
          'mutation($id: String!, $image: Upload!) { setProfilePicture(id: $id, image: $image) { id profilePicture { thumbnail width } } }',
        variables: { id: stranger.id, image: `data:image/png;base64,${png}` },
      },
    });
    const data = (
      set.json() as { data: { setProfilePicture: { profilePicture: { thumbnail: string; width: number } } } }
    ).data;
    expect(data.setProfilePicture.profilePicture).toMatchObject({
      width: 30,
      thumbnail: expect.stringMatching(/^https:\/\/skin\.example\/images\//),
    });
    await upload(`/products/${product.alias}/product_image`, await photo(90, 60), owner.token);
    const read = await t.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: `{ product(idOrAlias: "${product.alias}") { productImage { large width height } } }` },
    });
    expect((read.json() as { data: { product: { productImage: Links } } }).data.product.productImage).toMatchObject({
      width: 90,
      height: 60,
    });
  });
});

describe('GET /images/:file', () => {
  it('answers 404 for names that are not stored images (no path tricks)', async () => {
    for (const url of [
      '/images/nothing.webp',
      '/images/..%2F..%2Fetc%2Fpasswd',
      '/images/00000000-0000-7000-8000-000000000000-1200.webp',
    ]) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
  });
});
