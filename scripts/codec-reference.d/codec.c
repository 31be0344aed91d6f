/* Issue 47 §1: zlib and libdeflate on the bodies given (each a minified JSON request), the work
 * an answer's address does: the size of each zlib stream, and the median time to make it and to
 * read it back. Streams and state are reused between calls, as a server would.
 *   codec FILE...   prints one line per file and a line of totals */
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

enum { ROUNDS = 15, CAPACITY = 1 << 20 };
static unsigned char packed[CAPACITY], unpacked[CAPACITY];
static volatile size_t sink;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median over ROUNDS batches of microseconds per call of `work`, each batch about 2 ms. */
#define MEDIAN_US(result, work)                                                       \
    do {                                                                              \
        long batch = 1;                                                               \
        for (;;) {                                                                    \
            double start = now();                                                     \
            for (long k = 0; k < batch; k++) { work; }                                \
            if (now() - start > 0.002 || batch > (1L << 24)) break;                   \
            batch *= 2;                                                               \
        }                                                                             \
        double samples[ROUNDS];                                                       \
        for (int r = 0; r < ROUNDS; r++) {                                            \
            double start = now();                                                     \
            for (long k = 0; k < batch; k++) { work; }                                \
            samples[r] = (now() - start) * 1e6 / batch;                               \
        }                                                                             \
        qsort(samples, ROUNDS, sizeof samples[0], ascending);                         \
        result = samples[ROUNDS / 2];                                                 \
    } while (0)

static unsigned char *read_file(const char *path, size_t *count) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    unsigned char *bytes = malloc(CAPACITY);
    *count = fread(bytes, 1, CAPACITY, file);
    fclose(file);
    return bytes;
}

int main(int argc, char **argv) {
    struct libdeflate_compressor *level6 = libdeflate_alloc_compressor(6);
    struct libdeflate_decompressor *reader = libdeflate_alloc_decompressor();
    z_stream deflater = {0}, inflater = {0};
    deflateInit(&deflater, 6);
    inflateInit(&inflater);
    double totals[4] = {0};
    size_t sizes[2] = {0}, input_bytes = 0;
    printf("file bytes zlib6_bytes libdeflate6_bytes | us: zlib6_deflate libdeflate6_deflate zlib_inflate libdeflate_inflate\n");
    for (int a = 1; a < argc; a++) {
        size_t count;
        unsigned char *input = read_file(argv[a], &count);
        uLongf zlib_size = CAPACITY;
        compress2(packed, &zlib_size, input, count, 6);
        size_t libdeflate_size = libdeflate_zlib_compress(level6, input, count, packed, CAPACITY);
        double t[4];
        MEDIAN_US(t[0], {
            deflater.next_in = input; deflater.avail_in = count;
            deflater.next_out = packed; deflater.avail_out = CAPACITY;
            deflate(&deflater, Z_FINISH); sink += deflater.total_out; deflateReset(&deflater);
        });
        MEDIAN_US(t[1], { sink += libdeflate_zlib_compress(level6, input, count, packed, CAPACITY); });
        zlib_size = CAPACITY;
        compress2(packed, &zlib_size, input, count, 6);
        MEDIAN_US(t[2], {
            inflater.next_in = packed; inflater.avail_in = zlib_size;
            inflater.next_out = unpacked; inflater.avail_out = CAPACITY;
            inflate(&inflater, Z_FINISH); sink += inflater.total_out; inflateReset(&inflater);
        });
        MEDIAN_US(t[3], {
            size_t out;
            libdeflate_zlib_decompress(reader, packed, zlib_size, unpacked, CAPACITY, &out);
            sink += out;
        });
        const char *name = strrchr(argv[a], '/');
        printf("%s %zu %lu %zu | %.2f %.2f %.2f %.2f\n", name ? name + 1 : argv[a], count, (unsigned long)zlib_size, libdeflate_size,
               t[0], t[1], t[2], t[3]);
        for (int k = 0; k < 4; k++) totals[k] += t[k];
        sizes[0] += zlib_size;
        sizes[1] += libdeflate_size;
        input_bytes += count;
        free(input);
    }
    printf("TOTAL %zu %zu %zu | %.2f %.2f %.2f %.2f\n", input_bytes, sizes[0], sizes[1], totals[0], totals[1], totals[2], totals[3]);
    int bodies = argc - 1 > 0 ? argc - 1 : 1;
    printf("per body | %.2f %.2f %.2f %.2f\n", totals[0] / bodies, totals[1] / bodies, totals[2] / bodies, totals[3] / bodies);
    return 0;
}
