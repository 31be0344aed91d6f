// The reference for Loupe's JSON reader (issue 42 §2): how long simdjson and RapidJSON, two of
// the fastest public parsers, take to parse the same body into a document, median of runs.
//   parse FILE RUNS
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <rapidjson/document.h>
#include <simdjson.h>

template <typename Work> static double median_ms(int runs, Work work) {
    std::vector<double> times;
    for (int run = 0; run < runs; run++) {
        auto start = std::chrono::steady_clock::now();
        work();
        times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    std::ifstream file(argv[1], std::ios::binary);
    std::stringstream buffer;
    buffer << file.rdbuf();
    std::string text = buffer.str();
    int runs = std::atoi(argv[2]);
    simdjson::dom::parser parser;
    simdjson::padded_string padded(text);
    double simd = median_ms(runs, [&] {
        auto document = parser.parse(padded);
        if (document.error()) std::abort();
    });
    double rapid = median_ms(runs, [&] {
        rapidjson::Document document;
        document.Parse(text.c_str(), text.size());
        if (document.HasParseError()) std::abort();
    });
    std::printf("%zu bytes: simdjson %.2f ms (%.0f MB/s), RapidJSON %.2f ms (%.0f MB/s)\n", text.size(), simd,
                text.size() / simd / 1e3, rapid, text.size() / rapid / 1e3);
}
